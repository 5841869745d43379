"""NumPy functions that NumPy writes in terms of its other functions, on graph tensors: ``np.digitize``,
``np.unravel_index``, ``np.gradient``, ``np.common_type``, ``np.apply_over_axes``, ``np.apply_along_axis``, ``np.isin``,
``np.ediff1d``, ``np.angle``, ``np.fix``, ``np.nancumsum``, ``np.nancumprod``, ``np.rot90``, ``np.trapezoid``,
``np.polyadd``, ``np.polysub``, ``np.polyder``, ``np.take_along_axis``, ``np.put_along_axis``, ``np.nanmedian``,
``np.ix_``, and the ufuncs ``np.modf``, ``np.divmod`` and ``np.spacing``.

Each does NumPy's arithmetic in NumPy's order (numpy/lib/_function_base_impl.py, _type_check_impl.py,
_shape_base_impl.py, numpy/_core/multiarray.py), so values, dtypes and errors are NumPy's:

* ``digitize(x, bins, right)``: ``searchsorted`` in the direction the bins run. Constant bins are checked
  while tracing (NumPy's own call raises NumPy's errors); traced bins get NumPy's monotonicity test in the
  graph (its C loop as a few reductions), which picks the bins or their reverse to search, and bins that
  are neither increasing nor decreasing raise NumPy's ``ValueError`` when the graph runs.
* ``unravel_index(indices, shape, order)``: a remainder and a floor division per dimension; ``shape`` and
  ``order`` must be known while tracing (NumPy checks them, and the dtype of ``indices``, on an empty
  stand-in); an index out of bounds raises NumPy's ``ValueError`` when the graph runs.
* ``gradient(f, *varargs, axis, edge_order)``: NumPy's central differences inside and one-sided ones at the
  ends, written into an ``empty_like`` as NumPy writes them (so a float32 ``f`` with float64 spacings
  rounds where NumPy's does). NumPy reduces evenly spaced coordinates to their one spacing, a different
  formula; for traced coordinates the graph computes both and takes the one NumPy would.
* ``common_type(*arrays)``: the dtypes alone decide: NumPy's own function on empty arrays of them.
* ``apply_over_axes(func, a, axes)``: ``func(a, axis)`` per axis, the axis put back when ``func`` drops
  it, NumPy's error when it returns another shape.
* ``apply_along_axis(func1d, axis, arr, *args, **kwargs)``: ``func1d`` called on each 1-d slice while tracing (the
  converted function: its ``if`` on a slice's values is staged), the first result fixing the shape and dtype the others
  are broadcast and cast to, as NumPy writes them into its buffer; at most ``APPLY_ALONG_AXIS_LIMIT`` slices.
* ``isin(element, test_elements, assume_unique, invert)``: each element against each test element with ``==``
  (what NumPy's sorting and table methods decide too: a NaN is in nothing, ``-0.0`` is ``0.0``); a 0-d element
  gives a 0-d array, as NumPy's.
* ``ediff1d``, ``angle``, ``fix`` (``trunc``), ``nancumsum`` / ``nancumprod`` (NaNs as 0 / 1), ``rot90`` (flips
  and a transpose), ``trapezoid`` (``(d * (y[1:] + y[:-1]) / 2.0).sum(axis)``), ``polyadd`` / ``polysub``
  (zeros in front of the shorter), ``polyder``: NumPy's code, in NumPy's order.
* ``take_along_axis`` / ``put_along_axis``: NumPy's fancy index (the indices along ``axis``, an ``arange`` along
  each other axis), read or written; ``put_along_axis(..., axis=None)`` writes into a flattened copy, as NumPy's.
* ``nanmedian``: the sorted values (NaNs last), their count per slice, and the one or two middle values, with
  NumPy's rounding on each of its paths (below).
* ``modf(x)``: ``(x - trunc(x), trunc(x))`` with C's signs (the fraction takes ``x``'s sign: ``-0.0`` for a
  negative whole number, ``±0.0`` for an infinity); ``divmod(x, y)``: ``(x // y, x % y)``, which NumPy's loops
  compute with the same ``npy_divmod``; ``spacing(x)``: ``nextafter`` away from zero less ``x`` (float16, where
  NumPy's loop has rules of its own, refused).
* ``ix_(*args)``: each 1-d index reshaped to its own axis; a boolean one becomes its ``nonzero()`` positions (a
  length known only when the graph runs), as NumPy's.

Before (Python, ``x`` a graph tensor, constant bins)::

    k = np.digitize(x, [0.0, 1.0, 2.0])

After (the graph)::

    c:i64[5] = searchsorted[side='right'] b a         (b: the bins, a constant)
"""

from __future__ import annotations

from typing import Any, Callable

import numpy as np

from runtime.graph import variables
from runtime.graph.builder import STRICT_PYTHON_TYPES
from runtime.graph.numpy_api import implements
from runtime.graph.numpy_array import keep_dims, known_dim, reduce_axes, static
from runtime.graph.numpy_pieces import as_array
from runtime.graph.shapes import normalize_axis
from runtime.graph.tensor import (
    COMPOSITE_UFUNCS,
    NUMPY_FUNCTIONS,
    Tensor,
    as_tensor,
    cast,
    constant,
    is_tensor_like,
    reshape,
)
from runtime.limits import UnknownDimension
from runtime.staging import NotStageable, user_location

# --- digitize -----------------------------------------------------------------------------------------------

def _direction(bins: Any) -> Any:
    """NumPy's ``_monotonicity`` (its C loop ``check_array_monotonic`` on the bins as float64): 1 when they
    never decrease, -1 when they never increase (and are not all equal), 0 otherwise, NaNs as its loop sees
    them. Written with NumPy functions, so it gives a Python answer on an ndarray and a graph value on a
    tensor. The loop skips the values equal to the first, takes the direction from the first that differs
    (rising if it is larger, else falling: a NaN there makes the bins falling, ``[nan, 1.0]`` included), and
    checks every pair from there (a comparison with a NaN never fails the check)."""
    b = bins.astype(np.float64)
    n = b.shape[0]
    if n <= 1:
        return 1
    differs = b[1:] != b[0]  # (a NaN differs from everything, itself too, as in the loop's `==`)
    first_differing = np.argmax(differs) + 1
    step = b[first_differing]
    checked = np.arange(n - 1) >= first_differing  # the pairs (j, j + 1) the loop compares
    rises_then_falls = np.any((b[:-1] > b[1:]) & checked)
    falls_then_rises = np.any((b[:-1] < b[1:]) & checked)
    return np.where(~np.any(differs), 1,
                    np.where(b[0] < step, np.where(rises_then_falls, 0, 1), np.where(falls_then_rises, 0, -1)))


@implements(np.digitize)
def _digitize(x: Any, bins: Any, right: bool = False) -> Tensor:
    values = as_array(x)
    if values.dtype.kind == "c":
        raise TypeError("x may not be complex")
    side = "left" if right else "right"
    if not is_tensor_like(bins) and not (isinstance(bins, (list, tuple)) and any(is_tensor_like(b) for b in bins)):
        edges = np.asarray(bins)
        np.digitize(np.zeros(0, values.dtype), edges, right)  # NumPy's errors: depth, monotonicity, dtypes
        if _direction(edges) == -1:
            return len(edges) - np.searchsorted(constant(edges[::-1]), values, side=side)
        return np.searchsorted(constant(edges), values, side=side)
    edges = as_array(bins)
    if edges.ndim != 1:
        raise ValueError("object too deep for desired array" if edges.ndim > 1 else
                         "object of too small depth for desired array")
    if edges.dtype.kind == "c":
        raise TypeError("Cannot cast array data from dtype('complex128') to dtype('float64') according to the "
                        "rule 'safe'")
    count = known_dim("digitize", edges, 0)
    direction = _direction(edges)
    if not isinstance(direction, int):
        variables.check(direction != 0, "bins must be monotonically increasing or decreasing", ValueError)
    falling = direction == -1
    found = np.searchsorted(np.where(falling, edges[::-1], edges), values, side=side)  # (one search, in order)
    return np.where(falling, count - found, found)


# --- unravel_index ------------------------------------------------------------------------------------------

@implements(np.unravel_index)
def _unravel_index(indices: Any, shape: Any, order: str = "C") -> tuple:
    shape = static("unravel_index", "shape", shape)
    flat = as_array(indices)
    np.unravel_index(np.zeros(0, flat.dtype), shape, order)  # NumPy's errors: index dtype, dims, order
    dims = (shape,) if np.ndim(shape) == 0 else tuple(shape)
    dims = tuple(int(d) for d in dims)
    size = int(np.prod(dims, dtype=np.int64))
    flat = cast(flat, np.intp)
    variables.check((flat >= 0) & (flat < size), f"index out of bounds for array with size {size}", ValueError)
    coordinates = []
    remaining = flat
    for dim in (reversed(dims) if order == "C" else dims):
        coordinates.append(remaining % max(dim, 1))  # (a 0 dim: no index is in bounds)
        remaining = remaining // max(dim, 1)
    return tuple(reversed(coordinates)) if order == "C" else tuple(coordinates)


# --- gradient -----------------------------------------------------------------------------------------------

def _spacing(distances: Any, length: Any) -> Any:
    """One axis's spacing as NumPy's gradient keeps it: a scalar, or the differences of 1-D coordinates
    (reduced to the first difference when all are equal). For traced coordinates both are returned, with the
    test that picks: ``(differences, first difference, all equal)``."""
    d = as_array(distances) if is_tensor_like(distances) else np.asanyarray(distances)
    if d.ndim == 0:
        return distances
    if d.ndim != 1:
        raise ValueError("distances must be either scalars or 1d")
    if d.shape[0] != length:
        raise ValueError("when 1d, distances must match the length of the corresponding dimension")
    if np.issubdtype(d.dtype, np.integer):
        d = d.astype(np.float64)
    differences = np.diff(d)
    if not isinstance(d, Tensor):
        return differences[0] if (differences == differences[0]).all() else differences
    return differences, differences[0], np.all(differences == differences[0])


def _weights_interior(spacing: Any, ndim: int, axis: int) -> tuple:
    dx1, dx2 = spacing[0:-1], spacing[1:]
    a = -(dx2) / (dx1 * (dx1 + dx2))
    b = (dx2 - dx1) / (dx1 * dx2)
    c = dx1 / (dx2 * (dx1 + dx2))
    shape = [1] * ndim
    shape[axis] = -1
    return a.reshape(shape), b.reshape(shape), c.reshape(shape)


def _second_order_ends(spacing: Any, uniform: bool) -> tuple:
    """NumPy's weights of the three values at each end for ``edge_order=2``: ``((a, b, c) first, (a, b, c) last)``."""
    if uniform:
        return (-1.5 / spacing, 2. / spacing, -0.5 / spacing), (0.5 / spacing, -2. / spacing, 1.5 / spacing)
    dx1, dx2 = spacing[0], spacing[1]
    first = (-(2. * dx1 + dx2) / (dx1 * (dx1 + dx2)), (dx1 + dx2) / (dx1 * dx2), - dx1 / (dx2 * (dx1 + dx2)))
    dx1, dx2 = spacing[-2], spacing[-1]
    last = ((dx2) / (dx1 * (dx1 + dx2)), - (dx2 + dx1) / (dx1 * dx2), (2. * dx2 + dx1) / (dx2 * (dx1 + dx2)))
    return first, last


def _derivative(f: Tensor, axis: int, spacing: Any, edge_order: int, otype: Any) -> Tensor:
    """The derivative along ``axis`` for one spacing, written into an empty array of ``otype`` piece by piece
    as NumPy writes it."""
    def at(position: Any) -> tuple:
        index = [slice(None)] * f.ndim
        index[axis] = position
        return tuple(index)

    out = np.empty_like(f, dtype=otype)
    uniform = np.ndim(spacing) == 0
    if uniform:
        out[at(slice(1, -1))] = (f[at(slice(2, None))] - f[at(slice(None, -2))]) / (2. * spacing)
    else:
        a, b, c = _weights_interior(spacing, f.ndim, axis)
        out[at(slice(1, -1))] = a * f[at(slice(None, -2))] + b * f[at(slice(1, -1))] + c * f[at(slice(2, None))]
    if edge_order == 1:
        out[at(0)] = (f[at(1)] - f[at(0)]) / (spacing if uniform else spacing[0])
        out[at(-1)] = (f[at(-1)] - f[at(-2)]) / (spacing if uniform else spacing[-1])
    else:
        (a, b, c), (a2, b2, c2) = _second_order_ends(spacing, uniform)
        out[at(0)] = a * f[at(0)] + b * f[at(1)] + c * f[at(2)]
        out[at(-1)] = a2 * f[at(-3)] + b2 * f[at(-2)] + c2 * f[at(-1)]
    return out


@implements(np.gradient)
def _gradient(f: Any, *varargs: Any, axis: Any = None, edge_order: int = 1) -> Any:
    values = as_array(f)
    edge_order = static("gradient", "edge_order", edge_order)
    if axis is None:
        axes = tuple(range(values.ndim))
    else:
        axes = np.lib.array_utils.normalize_axis_tuple(static("gradient", "axis", axis), values.ndim)
    if not varargs:
        spacings = [1.0] * len(axes)
    elif len(varargs) == 1 and np.ndim(varargs[0]) == 0:
        spacings = list(varargs) * len(axes)
    elif len(varargs) == len(axes):
        spacings = [_spacing(d, known_dim("gradient", values, a)) for d, a in zip(varargs, axes)]
    else:
        raise TypeError("invalid number of arguments")
    if edge_order > 2:
        raise ValueError("'edge_order' greater than 2 not supported")
    otype = values.dtype
    if otype.kind in "mM":
        raise NotStageable(f"{user_location()}: np.gradient of datetime or timedelta values is not supported in "
                           f"graphs")
    if not np.issubdtype(otype, np.inexact):
        if np.issubdtype(otype, np.integer):
            values = cast(values, np.float64)
        otype = np.dtype(np.float64)
    results = []
    for axis_, spacing in zip(axes, spacings):
        if known_dim("gradient", values, axis_) < edge_order + 1:
            raise ValueError("Shape of array too small to calculate a numerical gradient, at least (edge_order + 1) "
                             "elements are required.")
        if isinstance(spacing, tuple):  # traced coordinates: NumPy's formula for each case, and its choice
            differences, first, evenly = spacing
            results.append(np.where(evenly, _derivative(values, axis_, first, edge_order, otype),
                                    _derivative(values, axis_, differences, edge_order, otype)))
        else:
            results.append(_derivative(values, axis_, spacing, edge_order, otype))
    return results[0] if len(axes) == 1 else tuple(results)


# --- common_type, apply_over_axes ---------------------------------------------------------------------------

@implements(np.common_type)
def _common_type(*arrays: Any) -> type:
    stand_ins = [np.empty(0, a.dtype) if is_tensor_like(a) else a for a in arrays]
    return np.common_type(*stand_ins)


@implements(np.apply_over_axes)
def _apply_over_axes(func: Any, a: Any, axes: Any) -> Tensor:
    value = as_array(a)
    ndim = value.ndim
    axes = static("apply_over_axes", "axes", axes)
    for axis in ((axes,) if np.ndim(axes) == 0 else axes):
        if axis < 0:
            axis = ndim + axis
        result = func(value, axis)
        if result.ndim != value.ndim:
            result = np.expand_dims(result, axis)
            if result.ndim != value.ndim:
                raise ValueError("function is not returning an array of the correct shape")
        value = result
    return value


# Above this many calls of ``func1d``, apply_along_axis is refused: the graph holds one copy of the function per slice.
APPLY_ALONG_AXIS_LIMIT = 4096


@implements(np.apply_along_axis)
def _apply_along_axis(func1d: Any, axis: Any, arr: Any, *args: Any, **kwargs: Any) -> Any:
    """NumPy's ``apply_along_axis`` in NumPy's order: ``func1d`` (the converted function, where the converter routed
    it: autograph/converters/call_trees.py) on the first slice, which fixes the results' shape and dtype, then on each
    other slice, each result written as NumPy's ``buff[ind] = ...`` writes (broadcast, cast unsafely), and the result
    axes moved to where ``axis`` was. One call per slice while tracing: the slices' count must be known then."""
    values = as_array(arr)
    nd = values.ndim
    axis = normalize_axis(static("apply_along_axis", "axis", axis), nd)
    order = [*range(axis), *range(axis + 1, nd), axis]
    view = np.transpose(values, order)
    outer = tuple(known_dim("apply_along_axis", view, i) for i in range(nd - 1))
    count = int(np.prod(outer, dtype=np.int64))
    if count == 0:
        raise ValueError("Cannot apply_along_axis when any iteration dimensions are 0")
    if count > APPLY_ALONG_AXIS_LIMIT:
        raise NotStageable(f"{user_location()}: np.apply_along_axis over {count} slices is not supported in graphs: "
                           f"the graph holds one call of the function per slice (at most {APPLY_ALONG_AXIS_LIMIT}); "
                           "write the function with NumPy operations along an axis instead")
    places = list(np.ndindex(outer))
    token = STRICT_PYTHON_TYPES.set(
        "np.apply_along_axis takes the result's dtype from the function's result on the first slice, and here a "
        "staged `if` in the function leaves a Python number of another type than its other branch (an int where "
        "the other gives a float): which one eager NumPy meets depends on that slice's values. Return one type from "
        "every branch (0.0 rather than 0, or np.float64(...))")
    try:
        first = func1d(view[places[0] + (Ellipsis,)], *args, **kwargs)
    finally:
        STRICT_PYTHON_TYPES.reset(token)
    first = as_tensor(first) if is_tensor_like(first) else np.asarray(first)
    if None in first.shape:
        raise UnknownDimension(f"{user_location()}: np.apply_along_axis needs the shape of the function's result while "
                               f"tracing (NumPy takes it from the first slice's), but the result is "
                               f"{first.value.type_str}: its length depends on values known only when the graph runs "
                               "(np.arange of traced bounds, a mask). Make the result's length one known while "
                               "tracing (start + np.arange(6) rather than np.arange(start, start + 6))")
    results = [first]
    for place in places[1:]:
        result = func1d(view[place + (Ellipsis,)], *args, **kwargs)
        result = as_tensor(result) if is_tensor_like(result) else np.asarray(result)
        results.append(np.broadcast_to(cast(result, first.dtype) if isinstance(result, Tensor) else
                                       result.astype(first.dtype), first.shape))
    buff = reshape(np.stack([as_tensor(r) for r in results]), outer + first.shape)
    dims = list(range(buff.ndim))
    permute = dims[:axis] + dims[buff.ndim - first.ndim:] + dims[axis:buff.ndim - first.ndim]
    return np.transpose(buff, permute)


# --- isin, ediff1d, angle, fix, nancumsum, nancumprod -------------------------------------------------------

@implements(np.isin)
def _isin(element: Any, test_elements: Any, assume_unique: bool = False, invert: bool = False, *,
          kind: Any = None) -> Tensor:
    if kind not in (None, "sort", "table"):
        raise ValueError(f"Invalid kind: '{kind}'. Please use None, 'sort' or 'table'.")
    values, tests = as_array(element), as_array(test_elements)
    count = int(np.prod(tests.shape)) if None not in tests.shape else known_dim("isin", reshape(tests, (-1,)), 0)
    if count == 0:
        found = np.zeros_like(values, dtype=bool)
    else:
        found = np.any(np.expand_dims(values, -1) == reshape(tests, (-1,)), axis=-1)
    found = ~found if invert else found
    found._array = True  # (NumPy's isin returns an array, a 0-d one for a 0-d element)
    return found


@implements(np.ediff1d)
def _ediff1d(ary: Any, to_end: Any = None, to_begin: Any = None) -> Tensor:
    flat = reshape(as_array(ary), (-1,))
    parts = []
    for name, extra in (("to_begin", to_begin), ("to_end", to_end)):
        if extra is None:
            parts.append(None)
            continue
        extra = as_array(extra)
        if not np.can_cast(extra.dtype, flat.dtype, casting="same_kind"):
            raise TypeError(f"dtype of `{name}` must be compatible with input `ary` under the `same_kind` rule.")
        parts.append(cast(reshape(extra, (-1,)), flat.dtype))
    differences = cast(flat[1:] - flat[:-1], flat.dtype)  # (written into an array of ary's dtype, as NumPy's out=)
    pieces = [p for p in (parts[0], differences, parts[1]) if p is not None]
    return np.concatenate(pieces) if len(pieces) > 1 else differences


@implements(np.angle)
def _angle(z: Any, deg: bool = False) -> Tensor:
    values = as_array(z)
    if values.dtype.kind == "c":
        result = np.arctan2(np.imag(values), np.real(values))
    else:
        result = np.arctan2(0, values)
    if deg:
        result = result * (180 / np.pi)  # (NumPy's `a *= 180/pi`, in place: the dtype stays)
    return result


@implements(np.fix)
def _fix(x: Any, out: Any = None) -> Tensor:
    if out is not None:
        return np.trunc(x, out=out)
    return np.trunc(x)


def _nan_scan(name: str, scan: Callable, fill: int) -> Callable:
    def impl(a: Any, axis: Any = None, dtype: Any = None, out: Any = None) -> Tensor:
        if out is not None:
            raise NotStageable(f"{user_location()}: np.{name}(out=...) is not supported in graphs")
        values = as_array(a)
        if values.dtype.kind in "fc":  # (NumPy replaces NaNs in inexact arrays only)
            values = np.where(np.isnan(values), np.array(fill, values.dtype), values)
        return scan(values, axis=axis, dtype=dtype)
    impl.__name__ = name
    return impl


NUMPY_FUNCTIONS[np.nancumsum] = _nan_scan("nancumsum", np.cumsum, 0)
NUMPY_FUNCTIONS[np.nancumprod] = _nan_scan("nancumprod", np.cumprod, 1)


# --- rot90, trapezoid ---------------------------------------------------------------------------------------

@implements(np.rot90)
def _rot90(m: Any, k: int = 1, axes: Any = (0, 1)) -> Tensor:
    axes = tuple(static("rot90", "axes", axes))
    k = static("rot90", "k", k)
    if len(axes) != 2:
        raise ValueError("len(axes) must be 2.")
    values = as_array(m)
    if axes[0] == axes[1] or abs(axes[0] - axes[1]) == values.ndim:
        raise ValueError("Axes must be different.")
    if not all(-values.ndim <= a < values.ndim for a in axes):
        raise ValueError(f"Axes={axes} out of range for array of ndim={values.ndim}.")
    k %= 4
    if k == 0:
        return values[:]
    if k == 2:
        return np.flip(np.flip(values, axes[0]), axes[1])
    order = list(range(values.ndim))
    order[axes[0]], order[axes[1]] = order[axes[1]], order[axes[0]]
    if k == 1:
        return np.transpose(np.flip(values, axes[1]), order)
    return np.flip(np.transpose(values, order), axes[1])


@implements(np.trapezoid)
def _trapezoid(y: Any, x: Any = None, dx: Any = 1.0, axis: int = -1) -> Any:
    values = as_array(y)
    if x is None:
        d = dx
    else:
        points = as_array(x)
        if points.ndim == 1:
            d = np.diff(points)
            shape = [1] * values.ndim
            shape[axis] = d.shape[0]
            d = reshape(d, tuple(shape))
        else:
            d = np.diff(points, axis=axis)
    upper = [slice(None)] * values.ndim
    lower = [slice(None)] * values.ndim
    upper[axis] = slice(1, None)
    lower[axis] = slice(None, -1)
    return (d * (values[tuple(upper)] + values[tuple(lower)]) / 2.0).sum(axis)


# --- polyadd, polysub, polyder ------------------------------------------------------------------------------

def _poly_pair(name: str, combine: Callable) -> Callable:
    def impl(a1: Any, a2: Any) -> Tensor:
        if isinstance(a1, np.poly1d) or isinstance(a2, np.poly1d):
            raise NotStageable(f"{user_location()}: np.{name} of a np.poly1d and a graph tensor is not supported "
                               "in graphs: pass the coefficients (p.coeffs)")
        first, second = (np.atleast_1d(as_array(a)) for a in (a1, a2))
        gap = known_dim(name, second, 0) - known_dim(name, first, 0)
        if gap > 0:
            first = np.concatenate((np.zeros(gap, first.dtype), first))
        elif gap < 0:
            second = np.concatenate((np.zeros(-gap, second.dtype), second))
        return combine(first, second)
    impl.__name__ = name
    return impl


NUMPY_FUNCTIONS[np.polyadd] = _poly_pair("polyadd", lambda a, b: a + b)
NUMPY_FUNCTIONS[np.polysub] = _poly_pair("polysub", lambda a, b: a - b)


@implements(np.polyder)
def _polyder(p: Any, m: int = 1) -> Tensor:
    m = int(static("polyder", "m", m))
    if m < 0:
        raise ValueError("Order of derivative must be positive (see polyint)")
    if isinstance(p, np.poly1d):
        raise NotStageable(f"{user_location()}: np.polyder of a np.poly1d is not supported in graphs: pass the "
                           "coefficients (p.coeffs)")
    coefficients = as_array(p)
    for _ in range(m):
        n = known_dim("polyder", coefficients, 0) - 1
        coefficients = coefficients[:-1] * np.arange(n, 0, -1)
    return coefficients


# --- the ufuncs modf and divmod -----------------------------------------------------------------------------

def _modf(x: Any) -> tuple:
    values = as_tensor(x)
    loop = np.modf.resolve_dtypes((values.dtype, None, None))  # (ints and bools compute in float64)
    values = cast(values, loop[0])
    whole = np.trunc(values)
    # C's modf: the fraction is exact (x - trunc(x)) and has x's sign; an infinity's is a signed zero.
    fraction = np.where(np.isinf(values), np.copysign(np.array(0, loop[1]), values),
                        np.copysign(values - whole, values))
    return fraction, whole


COMPOSITE_UFUNCS[np.modf] = _modf
COMPOSITE_UFUNCS[np.divmod] = lambda x, y: (np.floor_divide(x, y), np.remainder(x, y))


def _ulp_spacing(x: Any) -> Tensor:
    """The distance from ``x`` to the next float away from zero (NumPy's ``npy_spacing``): ``nextafter`` towards the
    infinity of ``x``'s sign (positive for a zero of either sign), less ``x``; NaN for an infinity. NumPy computes
    integers and bools in float16 and its float16 loop has rules of its own (``spacing(float16(-1))`` is positive):
    refused there."""
    values = as_tensor(x)
    loop = np.spacing.resolve_dtypes((values.dtype, None))
    if loop[0] == np.float16:
        raise NotStageable(f"{user_location()}: np.spacing of {values.dtype} is not supported in graphs: NumPy "
                           "computes it in float16 with rules of its own; cast to float32 or float64 first")
    values = cast(values, loop[0])
    inf = np.array(np.inf, loop[1])
    following = np.nextafter(values, np.where(values < 0, -inf, inf))
    return np.where(np.isinf(values), np.array(np.nan, loop[1]), following - values)


COMPOSITE_UFUNCS[np.spacing] = _ulp_spacing


# --- ix_ ---------------------------------------------------------------------------------------------------

@implements(np.ix_)
def _ix(*args: Any) -> tuple:
    """NumPy's ``ix_``, in its order: each argument made an array (an empty non-array one typed ``intp``), checked to
    be 1-d, a boolean one replaced by its ``nonzero()`` positions, and reshaped to lie along its own axis."""
    out = []
    nd = len(args)
    for k, new in enumerate(args):
        if not is_tensor_like(new):
            plain = np.asarray(new)
            new = plain.astype(np.intp) if not isinstance(new, np.ndarray) and plain.size == 0 else plain
        new = as_tensor(new) if is_tensor_like(new) else new
        if new.ndim != 1:
            raise ValueError("Cross index must be 1 dimensional")
        if new.dtype == np.bool_:
            new, = np.nonzero(new)
        out.append(reshape(new, (1,) * k + (-1,) + (1,) * (nd - k - 1)) if isinstance(new, Tensor) else
                   new.reshape((1,) * k + (new.size,) + (1,) * (nd - k - 1)))
    return tuple(out)


# --- take_along_axis, put_along_axis ------------------------------------------------------------------------

def _along_axis(name: str, shape: tuple, indices: Tensor, axis: int) -> tuple:
    """NumPy's ``_make_along_axis_idx``: ``indices`` along ``axis``, an ``arange`` broadcast along every other."""
    if indices.dtype.kind not in "iu":
        raise IndexError("`indices` must be an integer array")
    if len(shape) != indices.ndim:
        raise ValueError("`indices` and `arr` must have the same number of dimensions")
    index = []
    for dim, n in enumerate(shape):
        if dim == axis:
            index.append(indices)
            continue
        along = [1] * len(shape)
        along[dim] = -1
        index.append(np.arange(n if n is not None else known_dim(name, indices, dim)).reshape(along))
    return tuple(index)


def _flat_or_axis(name: str, array: Tensor, indices: Tensor, axis: Any) -> tuple:
    if axis is None:
        if indices.ndim != 1:
            raise ValueError("when axis=None, `indices` must have a single dimension.")
        return reshape(array, (-1,)), 0
    return array, normalize_axis(axis, array.ndim)


@implements(np.take_along_axis)
def _take_along_axis(arr: Any, indices: Any, axis: Any = -1) -> Tensor:
    array, where = as_array(arr), as_array(indices)
    array, axis = _flat_or_axis("take_along_axis", array, where, axis)
    return array[_along_axis("take_along_axis", array.shape, where, axis)]


@implements(np.put_along_axis)
def _put_along_axis(arr: Any, indices: Any, values: Any, axis: Any) -> None:
    where = as_array(indices)
    flat = axis is None
    array, axis = _flat_or_axis("put_along_axis", arr, where, axis)
    if flat:
        # NumPy writes into a copy of the flattened array (np.array(arr.flat)): `arr` keeps its values, and the
        # copy's write raises NumPy's errors.
        array = np.copy(reshape(as_array(array), (-1,)))
    array[_along_axis("put_along_axis", array.shape, where, axis)] = values


# --- nanmedian ----------------------------------------------------------------------------------------------

@implements(np.nanmedian)
def _nanmedian(a: Any, axis: Any = None, out: Any = None, overwrite_input: bool = False,
               keepdims: Any = np._NoValue) -> Any:
    """NumPy's nanmedian: the median of the values that are not NaN, NaN for a slice of NaNs. Its two paths
    round differently, and both are followed: one slice (``axis=None``, a 1-D array) or a slice of 600 values or
    more is NumPy's median of the values kept (the middle value itself, or the mean of the two middle ones);
    shorter slices of a larger array go through its masked-array median, which averages the two middle
    positions even when they are the same value (``(x + x) / 2``: inf for 1e308). Integers: ``np.median``."""
    keep = keepdims is not np._NoValue and bool(keepdims)
    values = as_array(a)
    if values.dtype.kind not in "fc":
        return np.median(values, axis=axis, out=out, keepdims=keep)
    if out is not None:
        raise NotStageable(f"{user_location()}: np.nanmedian(out=...) is not supported in graphs")
    original_ndim = values.ndim
    values, ax = reduce_axes(values, axis)
    if values.ndim == 0:
        values = reshape(values, (1,))
    one_slice = axis is None or values.ndim == 1
    n = known_dim("nanmedian", values, ax)
    if n == 0:
        result = np.full_like(np.sum(values, axis=ax), np.nan)
    else:
        ordered = np.sort(values, axis=ax)  # (NaNs last)
        count = np.sum(~np.isnan(values), axis=ax, keepdims=True)
        low = np.take_along_axis(ordered, np.maximum((count - 1) // 2, 0), axis=ax)
        high = np.take_along_axis(ordered, np.minimum(count // 2, n - 1), axis=ax)
        mean = (low + high) / 2.0
        middle = np.where(count % 2 == 1, low, mean) if one_slice or n >= 600 else mean
        result = np.squeeze(np.where(count == 0, np.array(np.nan, middle.dtype), middle), axis=ax)
    return keep_dims(result, original_ndim, axis, keep)
