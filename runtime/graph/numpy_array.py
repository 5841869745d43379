"""NumPy's static-shape array functions on graph tensors: padding, tiling, rolling, searching and
sorting, histograms, ``nan*`` reductions, quantiles, splitting, ufunc methods and array methods.

Registered in ``tensor.NUMPY_FUNCTIONS`` like ``numpy_api`` (each NumPy function in one module
only: the table refuses a second registration).
Each function follows NumPy's own source, in terms of graph ops, so values *and* dtypes are
NumPy's. The ops that do not compose (``searchsorted``, stable argsort, partitions, the
unbuffered scatter of ``ufunc.at``) are library ops in ``ops_array``.

Graph shapes are fixed when tracing, so every argument that decides a shape (pad widths,
repeats, bins, sections, ``num``, ``kth``, quantiles) must be a Python constant: a tensor there
is a ``TypeError`` naming the function and the argument. Where NumPy's output length depends on
the data (``np.bincount`` without ``minlength``), the graph needs the static bound and checks it
at run time with a graph assertion. ``docs/graph_numpy_functions.md`` lists everything.

In-place forms (``x.sort()``, ``np.add.at(x, i, v)``, ``out=``) compute the new value and hand
it to ``tensor.assign_in_place``, which makes the tensor (and any array it is a view of) hold
it from then on.

The last block of this module attaches array methods (``x.dot``, ``x.sort`` ...) and the ufunc
methods (``np.add.outer`` ...) to ``Tensor``.
"""

from __future__ import annotations

import operator
from typing import Any, Callable, Optional, Sequence

import numpy as np

from runtime.graph import numpy_complex, variables
from runtime.graph import tensor as tensor_module
from runtime.graph.asked import error_of
from runtime.graph.numpy_api import arg, implements, probe
from runtime.graph.ops_update import fills_one_element
from runtime.graph.shapes import Ref, normalize_axes, normalize_axis
from runtime.graph.tensor import (
    NUMPY_FUNCTIONS,
    PyNumber,
    Tensor,
    apply,
    arg_reduce,
    as_tensor,
    assign_in_place,
    assign_out,
    bind1,
    cast,
    check_out,
    clip,
    constant,
    getitem,
    given_as_tensors,
    index_template,
    is_tensor_like,
    laid_out_like,
    read_only_view,
    reduce,
    refused_write,
    reshape,
    scan,
    stands_for_a_tensor,
    transpose,
    written_scalar,
)
from runtime.graph.tensor import copy as tensor_copy
from runtime.limits import UnsortedSearch
from runtime.staging import NotStageable, user_location

_NO_VALUE = np._NoValue  # NumPy's "argument not given" marker (its signatures use it)


# --- helpers ---------------------------------------------------------------------------------------

def _has_tensor(value: Any) -> bool:
    if isinstance(value, Tensor) or stands_for_a_tensor(type(value)):
        return True
    return isinstance(value, (list, tuple)) and any(_has_tensor(v) for v in value)


def static(name: str, argname: str, value: Any,
           why: str = "it decides the shape of the result, which a graph fixes when it is traced") -> Any:
    """``value`` itself, after checking it holds no graph tensor: ``argname`` of ``np.<name>`` fixes a
    shape (or a constant of the graph), which must be known while tracing. A tensor whose values the graph fixes
    now (``np.arange(0, 4, 2)``, nothing written into it: ``tensor.known_value``) gives those values, as the NumPy
    array or scalar eager code would hold."""
    if _has_tensor(value):
        known = _known_python(value)
        if known is not _UNKNOWN:
            return known
        raise NotStageable(f"{user_location()}: np.{name}: argument {argname} must be a Python constant (an int, a "
                        f"float or a sequence of them) in graphs, not a graph tensor: {why}")
    return value


_UNKNOWN = object()


def _known_python(value: Any) -> Any:
    """``value`` with each tensor in it (at any depth of lists and tuples) replaced by its known values (a fresh
    array, a NumPy scalar for a 0-d one), or ``_UNKNOWN`` if one has none."""
    if isinstance(value, Tensor):
        known = tensor_module.known_value(value)
        if known is None:
            return _UNKNOWN
        return known[()] if known.ndim == 0 else np.array(known)
    if isinstance(value, (list, tuple)):
        items = [_known_python(v) for v in value]
        if any(item is _UNKNOWN for item in items):
            return _UNKNOWN
        return tuple(items) if isinstance(value, tuple) else items
    return _UNKNOWN if stands_for_a_tensor(type(value)) else value


def known_dim(name: str, x: Tensor, axis: int) -> int:
    """The size of ``x`` along ``axis``, which ``np.<name>`` needs while tracing."""
    n = x.shape[axis]
    if n is None:
        raise NotStageable(f"np.{name} needs the length of axis {axis} while tracing, but the tensor is "
                        f"{x.value.type_str} (that dimension is known only at run time); give the function "
                        f"an input_signature with that dimension fixed")
    return n


def known_shape(name: str, x: Tensor) -> tuple:
    if None in x.shape:
        raise NotStageable(f"np.{name} needs the whole shape while tracing, but the tensor is {x.value.type_str}; "
                        f"give the function an input_signature with the dimensions fixed")
    return x.shape


def _broadcast_view(x: Tensor, shape: tuple, refusal: Callable[[], Exception]) -> Tensor:
    """``x`` broadcast to ``shape`` as a view, as NumPy's: a read after ``x`` is written sees the new values; a
    write into it raises ``refusal()``."""
    return read_only_view(x, lambda base: bind1("broadcast_to", [base], shape=shape), refusal)


@implements(np.broadcast_to)
def _broadcast_to(array: Any, shape: Any, subok: bool = False) -> Tensor:
    """A read-only view, as NumPy's: writing into it is NumPy's ValueError."""
    shape = (shape,) if isinstance(shape, (int, np.integer)) else tuple(shape)
    return _broadcast_view(arg(array), shape, lambda: ValueError("assignment destination is read-only"))


@implements(np.broadcast_arrays)
def _broadcast_arrays(*args: Any, subok: bool = False) -> tuple:
    """Each argument broadcast to their common shape: views, as NumPy's. NumPy 2 still lets a program write into
    them (with a FutureWarning; a write lands in the original, repeated elements once): the graph refuses that."""
    tensors = [arg(a) for a in args]
    shape = np.broadcast_shapes(*(known_shape("broadcast_arrays", t) for t in tensors))

    def refusal() -> Exception:
        return NotStageable(f"{user_location()}: writing into a result of np.broadcast_arrays, which NumPy lets reach "
                            "the original array (deprecated: a FutureWarning), is not supported in graphs; write "
                            "into a .copy() of it, or into the original")
    # (an argument already of that shape is returned itself, as NumPy's: `np.broadcast_arrays(x, y)[0] is x`)
    return tuple(t if t.shape == shape else _broadcast_view(t, shape, refusal) for t in tensors)


_PYTHON_SCALARS = (int, float, complex)


@implements(np.select)
def _select(condlist: Sequence[Any], choicelist: Sequence[Any], default: Any = 0) -> Tensor:
    """NumPy's ``select``: the first choice whose condition holds, else ``default``, in the dtype of all the choices
    and the default (a Python number weakly, as NumPy 2). NumPy burns each choice onto the default from the last to
    the first; here each is a ``where`` over the ones after it, the same elements."""
    if len(condlist) != len(choicelist):
        raise ValueError("list of cases must be same length as list of conditions")
    if len(choicelist) == 0:
        raise ValueError("select with an empty condition list is not possible")
    choices = [c if type(c) in _PYTHON_SCALARS else arg(c) for c in (*choicelist, default)]
    try:
        dtype = np.result_type(*(c if type(c) in _PYTHON_SCALARS else c.dtype for c in choices))
    except TypeError as error:
        raise TypeError(f"Choicelist and default value do not have a common dtype: {error}") from None
    conditions = [arg(c) for c in condlist]
    for i, condition in enumerate(conditions):
        if condition.dtype != np.bool_:
            raise TypeError(f"invalid entry {i} in condlist: should be boolean ndarray")
    shapes = [known_shape("select", t) for t in (*conditions, *(c for c in choices if isinstance(c, Tensor)))]
    np.broadcast_shapes(*shapes)  # (NumPy's own error for shapes that do not broadcast)
    result = cast(arg(choices[-1]), dtype)
    for choice, condition in zip(choices[-2::-1], conditions[::-1]):
        result = np.where(condition, cast(arg(choice), dtype), result)
    return result


# NumPy before 2.3 writes sinc as ``y = pi * where(x == 0, 1e-20, x)``, so a float16 x = 0 gives NaN (1e-20 is 0
# in float16, and 0 / 0); 2.3 takes x = 0 as the dtype's eps, and gives 1. Asked of the installed NumPy.
with np.errstate(invalid="ignore"):
    _OLD_SINC = bool(np.isnan(np.sinc(np.float16(0))))


@implements(np.sinc)
def _sinc(x: Any) -> Tensor:
    """NumPy's ``sinc`` as the installed NumPy writes it: ``sin(y) / y`` of ``y = pi * x``, with x = 0 taken as
    its dtype's eps (NumPy 2.3+) or as 1e-20 before the product (NumPy 2.2)."""
    if _OLD_SINC:
        t = arg(x)
        y = np.pi * np.where(t == 0, 1.0e-20, t)
        return np.sin(y) / y
    y = np.pi * arg(x)
    eps = np.finfo(y.dtype).eps if y.dtype.kind == "f" else 1e-20
    y = np.where(y != 0, y, eps)
    return np.sin(y) / y


def _take(x: Tensor, indices: Any, axis: int) -> Tensor:
    """``np.take(x, indices, axis)`` with constant (in-range) indices."""
    return bind1("take", [x, as_tensor(np.asarray(indices, np.intp))], axis=axis, mode=None)


def _slice_along(x: Tensor, axis: int, start: Any = None, stop: Any = None, step: Any = None) -> Tensor:
    return getitem(x, (slice(None),) * axis + (slice(start, stop, step),))


def _moveaxis(x: Tensor, source: int, destination: int) -> Tensor:
    order = [n for n in range(x.ndim) if n != source]
    order.insert(destination, source)
    return transpose(x, order)


def write_in_place(target: Any, value: Any, what: str, out: bool = False) -> None:
    """``tensor.assign_in_place(target, value)``: ``target`` (and what it views) holds ``value`` from now on;
    ``out``: as a ufunc's ``out=`` (``tensor.assign_out``: a read-only target is NumPy's error for that)."""
    if not isinstance(target, Tensor):
        raise NotStageable(not_a_graph_array(what, "written in place", target) + "; or use the returned value")
    (assign_out if out else assign_in_place)(target, value)


def not_a_graph_array(what: str, done: str, target: Any) -> str:
    """Why a NumPy array cannot be updated in place with graph values, and where to make it instead."""
    return (f"{user_location()}: {what}: the array {done} is a {type(target).__name__}, not a graph tensor; a graph "
            "can only update its own tensors in place. Make it with np.zeros (np.empty, np.full, ...) in the "
            "function, which while traced makes a graph array where the function holds a traced value (a helper "
            "given only a shape makes NumPy's own array: make it in the caller, or pass the helper a traced value), "
            "or with np.zeros_like(t)")


def _copy(x: Tensor) -> Tensor:
    """A result NumPy returns as a new array although its values are ``x``'s: it must not alias ``x``."""
    return tensor_copy(x)


def _write_out(out: Any, result: Tensor, name: str, casting: str = "same_kind") -> Any:
    """NumPy's ``out=``: check the cast, write ``result`` into ``out``, return ``out``."""
    if isinstance(out, tuple):
        if len(out) != 1:
            raise ValueError(f"{name}: out must be a single array here")
        out = out[0]
    out_dtype = np.dtype(getattr(out, "dtype", None) or np.asarray(out).dtype)
    if not np.can_cast(result.dtype, out_dtype, casting):
        raise TypeError(f"{name}: cannot cast the output from {result.dtype!r} to {out_dtype!r} "
                        f"with casting rule {casting!r}")
    check_out(out)
    write_in_place(out, result, f"{name}(out=...)", out=True)
    return out


def _finish(result: Tensor, out: Any, name: str) -> Any:
    return result if out is None else _write_out(out, result, name, "unsafe")


def _flatten(x: Tensor) -> Tensor:
    return reshape(x, (-1,))


# --- cumulative sums and sorting (numpy_api's versions without out= / kind= / dtype=) ----------------

def _scan(op: str, name: str) -> Callable:
    def impl(a: Any, axis: Optional[int] = None, dtype: Any = None, out: Any = None) -> Any:
        x = arg(a)
        result = scan(op, x, axis, dtype)
        if dtype is not None:
            # The scan ops widen small ints as NumPy's default does; dtype= asks for that dtype. Integer
            # sums and products wrap identically in any width, so casting the wide result is exact.
            result = cast(result, dtype)
        return _finish(result, out, f"np.{name}")
    impl.__name__ = name
    return impl


NUMPY_FUNCTIONS[np.cumsum] = _scan("cumsum", "cumsum")
NUMPY_FUNCTIONS[np.cumprod] = _scan("cumprod", "cumprod")
NUMPY_FUNCTIONS[np.cumulative_sum] = lambda x, /, *, axis=None, dtype=None, out=None, include_initial=False: \
    _cumulative("cumulative_sum", "cumsum", x, axis, dtype, out, include_initial)
NUMPY_FUNCTIONS[np.cumulative_prod] = lambda x, /, *, axis=None, dtype=None, out=None, include_initial=False: \
    _cumulative("cumulative_prod", "cumprod", x, axis, dtype, out, include_initial)


def _cumulative(name: str, op: str, x: Any, axis: Any, dtype: Any, out: Any, include_initial: bool) -> Any:
    t = arg(x)
    if axis is None:
        if t.ndim > 1:
            raise ValueError(f"The input array has more than one dimension, so axis must be given for np.{name}")
        axis = 0
    result = _scan(op, name)(t, axis, dtype)
    if include_initial:
        axis = normalize_axis(axis, t.ndim)
        first = _slice_along(result, axis, 0, 1)
        result = np.concatenate([np.zeros_like(first) if op == "cumsum" else np.ones_like(first), result], axis)
    return _finish(result, out, f"np.{name}")


def _check_sort_args(name: str, x: Tensor, kind: Any, order: Any, stable: Any) -> bool:
    """NumPy's own errors for bad ``kind`` / ``order`` / ``stable``; whether the sort must be stable."""
    if stable is not None and kind is not None:
        raise ValueError("`kind` and `stable` parameters can't be provided at the same time. Use only one of them.")
    getattr(np, name)(np.zeros(1, x.dtype), kind=kind, order=order)  # NumPy rejects a bad kind or an order
    return bool(stable) or kind in ("stable", "mergesort")


def _sort(a: Any, axis: Optional[int] = -1, kind: Any = None, order: Any = None, *, stable: Any = None) -> Tensor:
    x = arg(a)
    _check_sort_args("sort", x, kind, order, stable)
    if axis is None:
        x, axis = _flatten(x), 0
    # Every kind gives the same sorted values (NaNs last, as in NumPy), so one op serves them all.
    return bind1("sort", [x], axis=normalize_axis(axis, x.ndim))


def _argsort(a: Any, axis: Optional[int] = -1, kind: Any = None, order: Any = None, *,
             stable: Any = None) -> Tensor:
    x = arg(a)
    want_stable = _check_sort_args("argsort", x, kind, order, stable)
    if axis is None:
        x, axis = _flatten(x), 0
    # The core argsort is NumPy's default introsort (equal elements in an unspecified order, exactly
    # NumPy's in the interpreter); stable=True / kind="stable" needs the stable op.
    return bind1("stable_argsort" if want_stable else "argsort", [x], axis=normalize_axis(axis, x.ndim))


NUMPY_FUNCTIONS[np.sort] = _sort
NUMPY_FUNCTIONS[np.argsort] = _argsort


def _partition(name: str) -> Callable:
    def impl(a: Any, kth: Any, axis: Optional[int] = -1, kind: str = "introselect", order: Any = None) -> Tensor:
        x = arg(a)
        kth = static(name, "kth", kth)
        if order is not None:
            raise ValueError("Cannot specify order when the array has no fields.")
        if kind != "introselect":
            raise ValueError(f"{name} kind must be 'introselect' (got {kind!r})")
        if axis is None:
            x, axis = _flatten(x), 0
        axis = normalize_axis(axis, x.ndim)
        kths = np.asarray(kth)
        if kths.dtype.kind not in "iu" or kths.ndim > 1:
            raise TypeError("Partition index must be integer")
        n = known_dim(name, x, axis)
        for k in kths.ravel():
            if not -n <= k < n:
                raise ValueError(f"kth(={k}) out of bounds ({n})")
        return bind1(name, [x], kth=tuple(int(k) for k in kths.ravel()), axis=axis)
    return impl


NUMPY_FUNCTIONS[np.partition] = _partition("partition")
NUMPY_FUNCTIONS[np.argpartition] = _partition("argpartition")


@implements(np.searchsorted)
def _searchsorted(a: Any, v: Any, side: str = "left", sorter: Any = None) -> Tensor:
    x = arg(a)
    if side not in ("left", "right"):
        raise ValueError(f"side must be 'left' or 'right' (got {side!r})")
    if x.ndim != 1:
        raise ValueError("object too deep for desired array" if x.ndim > 1 else "object of too small depth "
                         "for desired array")
    if sorter is not None:
        sorter = as_tensor(sorter)
        if sorter.ndim != 1:  # (NumPy's errors, in its order)
            raise TypeError("could not parse sorter argument")
        if sorter.dtype.kind not in "iu":
            raise TypeError("sorter must only contain integers")
        if None not in (sorter.shape[0], x.shape[0]) and sorter.shape[0] != x.shape[0]:
            raise ValueError("sorter.size must equal a.size")
        x = bind1("take", [x, sorter], axis=0, mode=None)
    return bind1("searchsorted", [x, arg(v)], side=side)


# --- elementwise helpers with NumPy's details: clip, round, isclose --------------------------------

@implements(np.clip)
def _clip(a: Any, a_min: Any = _NO_VALUE, a_max: Any = _NO_VALUE, out: Any = None, *, min: Any = _NO_VALUE,
          max: Any = _NO_VALUE, **kwargs: Any) -> Any:
    if kwargs:
        raise NotStageable(f"np.clip: argument(s) {', '.join(kwargs)} are not supported in graphs")
    if a_min is not _NO_VALUE and min is not _NO_VALUE or a_max is not _NO_VALUE and max is not _NO_VALUE:
        raise ValueError("Passing `min` or `max` keyword argument when `a_min` and `a_max` are provided is "
                         "forbidden.")
    lo = a_min if min is _NO_VALUE else min
    hi = a_max if max is _NO_VALUE else max
    lo, hi = (None if v is _NO_VALUE else variables_plain(v) for v in (lo, hi))
    x = arg(a)
    result = _copy(x) if lo is None and hi is None else clip(x, lo, hi)  # NumPy 2.1+: no bounds is a copy
    return result if out is None else _write_out(out, result, "np.clip")


def variables_plain(x: Any) -> Any:
    return x.value if isinstance(x, variables.Variable) else x


# NumPy 2.2 returns an integer array itself from np.round(a, decimals >= 0); NumPy 2.4 returns a copy.
# Asked of the installed NumPy, so a write through the result aliases exactly as there.
def _round_int_returns_input() -> bool:
    ints = np.zeros(1, np.int64)
    return np.round(ints, 0) is ints


_ROUND_INT_RETURNS_INPUT = _round_int_returns_input()


@implements(np.round, np.around)
def _round(a: Any, decimals: int = 0, out: Any = None) -> Any:
    x = arg(a)
    decimals = operator.index(static("round", "decimals", decimals))
    if x.dtype.kind == "b":
        np.round(np.zeros(1, bool), decimals)  # NumPy's own error (rounding multiplies: no bool loop)
    if x.dtype.kind in "iu":
        if decimals >= 0:
            result = x if _ROUND_INT_RETURNS_INPUT else _copy(x)
        else:
            # NumPy's recipe for integers: divide by 10**-decimals (a Python int: float64), round half to even,
            # multiply back, cast (wrapping where the result leaves the dtype: np.round(int8 -128, -1) is 126).
            f = 10 ** -decimals
            result = cast(np.rint(x / f) * f, x.dtype)
    elif x.dtype.kind == "c":  # NumPy rounds each part as a real array (scaling z itself makes NaN parts of inf)
        result = numpy_complex.make_complex(_round(numpy_complex.real(x), decimals),
                                            _round(numpy_complex.imag(x), decimals))
    elif decimals == 0:
        result = np.rint(x)
    else:
        # NumPy's own recipe: scale by 10**|decimals| in the array's dtype, rint, unscale.
        f = (10.0 ** abs(decimals))
        result = np.rint(x * f) / f if decimals > 0 else np.rint(x / f) * f
    return result if out is None else _write_out(out, result, "np.round", "unsafe")


@implements(np.isclose)
def _isclose(a: Any, b: Any, rtol: Any = 1e-05, atol: Any = 1e-08, equal_nan: bool = False) -> Tensor:
    # NumPy 2's definition: Python numbers stay weak, y is made inexact, NaNs are equal on request.
    x = a if type(a) in (int, float, complex) else arg(a)
    y = b if type(b) in (int, float, complex) else arg(b)
    if isinstance(y, Tensor):
        if y.dtype.kind != "m":
            y = cast(y, np.result_type(y.dtype, 1.0))
    elif isinstance(y, int):
        y = float(y)
    close = apply("le", abs(x - y), atol + rtol * abs(y)) & np.isfinite(y) | apply("eq", x, y)
    if equal_nan:
        close = close | (np.isnan(x) & np.isnan(y))
    return as_tensor(close)


@implements(np.allclose)
def _allclose(a: Any, b: Any, rtol: Any = 1e-05, atol: Any = 1e-08, equal_nan: bool = False) -> Tensor:
    """A Python bool known when the graph runs (a ``PyNumber``), as NumPy returns a Python bool: ``type()``,
    arithmetic (``np.allclose(x, y) + 1`` is an int) and a returned result are Python's."""
    return PyNumber.of(reduce("all", _isclose(a, b, rtol, atol, equal_nan)))


@implements(np.ptp)
def _ptp(a: Any, axis: Any = None, out: Any = None, keepdims: Any = _NO_VALUE) -> Any:
    """NumPy's ``subtract(maximum.reduce, minimum.reduce)``, with ``out=``."""
    x = arg(a)
    keep = False if keepdims is _NO_VALUE else bool(keepdims)
    return _finish(apply("sub", reduce("max", x, axis, keep), reduce("min", x, axis, keep)), out, "np.ptp")


# --- shape manipulation -------------------------------------------------------------------------------

@implements(np.flip)
def _flip(m: Any, axis: Any = None) -> Tensor:
    x = arg(m)
    axes = range(x.ndim) if axis is None else normalize_axes(axis, x.ndim)
    # (No axis: NumPy's `m[()]` too, a view of an array of dims and the element, a NumPy scalar, of a 0-d array.)
    return getitem(x, tuple(slice(None, None, -1) if i in axes else slice(None) for i in range(x.ndim)))


@implements(np.fliplr)
def _fliplr(m: Any) -> Tensor:
    x = arg(m)
    if x.ndim < 2:
        raise ValueError("Input must be >= 2-d.")
    return _flip(x, 1)


@implements(np.flipud)
def _flipud(m: Any) -> Tensor:
    x = arg(m)
    if x.ndim < 1:
        raise ValueError("Input must be >= 1-d.")
    return _flip(x, 0)


@implements(np.roll)
def _roll(a: Any, shift: Any, axis: Any = None) -> Tensor:
    x = arg(a)
    if axis is None:
        shape = known_shape("roll", x)
        return reshape(_roll(_flatten(x), shift, 0), shape)
    if isinstance(shift, Tensor) or stands_for_a_tensor(type(shift)):
        # A shift known only at run time: one gather with (i - shift) mod n along the axis.
        s = as_tensor(shift)
        if s.ndim != 0 or s.dtype.kind not in "iu" or not isinstance(axis, (int, np.integer)):
            raise TypeError("np.roll: a tensor shift must be an integer scalar, with one int axis")
        ax = normalize_axis(int(axis), x.ndim)
        n = known_dim("roll", x, ax)
        if n == 0:
            return x
        positions = (np.arange(n) - cast(s, np.int64)) % n
        return bind1("take", [x, positions], axis=ax, mode=None)
    shift = static("roll", "shift", shift)
    axes = (axis,) if isinstance(axis, (int, np.integer)) else tuple(axis)
    pairs = np.broadcast(shift, axes)  # NumPy's own error when they do not match
    shifts = {ax: 0 for ax in range(x.ndim)}
    for sh, ax in pairs:
        shifts[normalize_axis(int(ax), x.ndim)] += int(sh)
    moved = False
    for ax, sh in shifts.items():
        n = x.shape[ax] if sh else 0
        if not n:
            continue
        n = known_dim("roll", x, ax)
        offset = sh % n
        if offset:
            moved = True
            x = bind1("concatenate", [_slice_along(x, ax, n - offset), _slice_along(x, ax, None, n - offset)],
                      axis=ax)
    return x if moved else _copy(x)


def _as_pairs(value: Any, ndim: int) -> list[tuple[Any, Any]]:
    """NumPy's ``_as_pairs``: one (before, after) per axis from a scalar, a pair or one pair per axis."""
    v = np.asarray(value)
    if v.size == 1:
        item = v.ravel()[0]
        return [(item, item)] * ndim
    if v.size == 2 and v.shape != (2, 1):
        before, after = v.ravel()
        return [(before, after)] * ndim
    return [tuple(p) for p in np.broadcast_to(v, (ndim, 2))]


_PAD_MODES = ("constant", "edge", "reflect", "symmetric", "wrap", "empty")


@implements(np.pad)
def _pad(array: Any, pad_width: Any, mode: Any = "constant", **kwargs: Any) -> Tensor:
    x = arg(array)
    pad_width = static("pad", "pad_width", pad_width)
    widths = np.asarray(pad_width)
    if widths.dtype.kind not in "iu":
        raise TypeError("`pad_width` must be of integral type.")
    pairs = _as_pairs(widths, x.ndim)
    if any(b < 0 or a < 0 for b, a in pairs):
        raise ValueError("index can't contain negative values")
    values = kwargs.get("constant_values", 0)
    tensor_value = _has_tensor(values)
    static_kwargs = {k: v for k, v in kwargs.items() if not (k == "constant_values" and tensor_value)}
    if callable(mode) or mode not in _PAD_MODES:
        if callable(mode) or mode in ("linear_ramp", "maximum", "mean", "median", "minimum"):
            raise NotStageable(f"np.pad: mode={getattr(mode, '__name__', mode)!r} is not supported in graphs; the "
                            f"modes that are: {', '.join(_PAD_MODES)}")
        raise ValueError(f"mode '{mode}' is not supported")
    if mode in ("reflect", "symmetric") and kwargs.get("reflect_type", "even") == "odd":
        raise NotStageable("np.pad: reflect_type='odd' is not supported in graphs")
    # NumPy's own checks of the keyword arguments, on a one-element-per-axis stand-in.
    np.pad(np.zeros((1,) * x.ndim, x.dtype), np.minimum(widths, 1), mode, **static_kwargs)
    if tensor_value:
        value_tensor = cast(values, x.dtype)
        if value_tensor.ndim:
            raise TypeError("np.pad: constant_values given as a tensor must be a scalar")
        const_pairs = None
    else:
        const_pairs = [(np.asarray(b).astype(x.dtype), np.asarray(a).astype(x.dtype))
                       for b, a in _as_pairs(values, x.ndim)]
    for axis, (before, after) in enumerate(pairs):
        before, after = int(before), int(after)
        if not before and not after:
            continue
        n = known_dim("pad", x, axis)
        if mode in ("constant", "empty"):
            if n == 0:
                raise NotStageable("np.pad: constant padding of an empty axis is not supported in graphs")
            # Gather the edge, then overwrite the padded positions: later axes paint the corners,
            # as NumPy's axis-by-axis padding does.
            gathered = _take(x, np.pad(np.arange(n), (before, after), mode="edge"), axis)
            side = np.zeros(n + before + after, np.int8)
            side[:before], side[n + before:] = 1, 2
            shape = (-1,) + (1,) * (x.ndim - 1 - axis)
            if const_pairs is None:
                fill = value_tensor
                x = apply("where", (side != 0).reshape(shape), fill, gathered)
            else:
                b, a = const_pairs[axis] if mode == "constant" else (x.dtype.type(0),) * 2
                fill = np.where(side == 1, b, a).astype(x.dtype).reshape(shape)
                x = apply("where", (side != 0).reshape(shape), fill, gathered)
        else:
            # Edge, reflect, symmetric and wrap are index maps along the axis: NumPy's own np.pad of
            # the positions 0..n-1 gives exactly the positions to gather (and its errors for n = 0).
            x = _take(x, np.pad(np.arange(n), (before, after), mode=mode), axis)
    return x if any(b or a for b, a in pairs) else _copy(x)


@implements(np.tile)
def _tile(A: Any, reps: Any) -> Tensor:
    x = arg(A)
    reps = static("tile", "reps", reps)
    tup = tuple(reps) if np.ndim(reps) else (reps,)
    tup = tuple(operator.index(r) for r in tup)
    if any(r < 0 for r in tup):
        raise ValueError("negative dimensions are not allowed")
    d = len(tup)
    if x.ndim < d:
        x = getitem(x, (None,) * (d - x.ndim) + (Ellipsis,))
    tup = (1,) * (x.ndim - d) + tup
    if all(r == 1 for r in tup):
        return _copy(x)
    if None not in x.shape:
        # Interleave a repeat axis before each axis, broadcast, merge: one broadcast, one reshape.
        expanded = getitem(x, tuple(item for _ in range(x.ndim) for item in (None, slice(None))))
        target = tuple(v for r, s in zip(tup, x.shape) for v in (r, s))
        tiled = bind1("broadcast_to", [expanded], shape=target)
        return reshape(tiled, tuple(r * s for r, s in zip(tup, x.shape)))
    for axis, r in enumerate(tup):
        if r == 0:
            x = _slice_along(x, axis, 0, 0)
        elif r > 1:
            x = bind1("concatenate", [x] * r, axis=axis)
    return x


@implements(np.repeat)
def _repeat(a: Any, repeats: Any, axis: Optional[int] = None) -> Tensor:
    x = arg(a)
    if _has_tensor(repeats) or None in (x.shape if axis is None else (x.shape[normalize_axis(axis, x.ndim)],)):
        # counts computed in the graph, or an axis of unknown length: the `repeat` op, whose length is `?`
        # (known when the graph runs; NumPy's kernel checks the counts)
        counts = arg(repeats)
        counts = cast(counts, np.intp) if counts.dtype == np.bool_ else counts
        return bind1("repeat", [x, counts], axis=None if axis is None else normalize_axis(axis, x.ndim))
    if axis is None:
        x, axis = _flatten(x), 0
    axis = normalize_axis(axis, x.ndim)
    n = known_dim("repeat", x, axis)
    # NumPy's own np.repeat of the positions gives the gather (and NumPy's errors for bad repeats).
    return _take(x, np.repeat(np.arange(n), repeats), axis)


def _atleast_3d_one(a: Any) -> Tensor:
    x = arg(a)
    if x.ndim == 0:
        return reshape(x, (1, 1, 1))
    if x.ndim == 1:
        return getitem(x, (None, slice(None), None))
    if x.ndim == 2:
        return getitem(x, (Ellipsis, None))
    return x


NUMPY_FUNCTIONS[np.atleast_3d] = lambda *arys: (_atleast_3d_one(arys[0]) if len(arys) == 1
                                                else tuple(_atleast_3d_one(a) for a in arys))


@implements(np.column_stack)
def _column_stack(tup: Any) -> Tensor:
    arrays = []
    for v in tup:
        t = arg(v)
        if t.ndim < 2:
            t = transpose(getitem(t, (None,) * (2 - t.ndim) + (Ellipsis,)))
        arrays.append(t)
    return np.concatenate(arrays, 1)


@implements(np.dstack)
def _dstack(tup: Any) -> Tensor:
    return np.concatenate([_atleast_3d_one(v) for v in tup], 2)


@implements(np.diagonal)
def _diagonal(a: Any, offset: int = 0, axis1: int = 0, axis2: int = 1) -> Tensor:
    x = arg(a)
    if x.ndim < 2:
        raise ValueError("diag requires an array of at least two dimensions")
    i, j = normalize_axis(axis1, x.ndim), normalize_axis(axis2, x.ndim)
    if i == j:
        raise ValueError("axis1 and axis2 cannot be the same")
    n, m = known_dim("diagonal", x, i), known_dim("diagonal", x, j)
    offset = operator.index(static("diagonal", "offset", offset))
    rows = np.arange(max(0, -offset), max(0, min(n, m - offset)))
    rest = [k for k in range(x.ndim) if k not in (i, j)]
    # A read-only view, as NumPy's (a write into it is NumPy's ValueError; a read after x is written sees it).
    return read_only_view(x, lambda base: getitem(transpose(base, rest + [i, j]), (Ellipsis, rows, rows + offset)))


def _split_points(name: str, n: int, sections: Any, equal: bool) -> list[tuple[int, int]]:
    """NumPy's (start, stop) of each piece of ``array_split`` / ``split``."""
    try:
        len(sections)
    except TypeError:
        count = int(sections)
        if count <= 0:
            raise ValueError("number sections must be larger than 0.") from None
        if equal and n % count:
            raise ValueError("array split does not result in an equal division") from None
        each, extras = divmod(n, count)
        sizes = [0] + extras * [each + 1] + (count - extras) * [each]
        points = np.array(sizes, dtype=np.intp).cumsum().tolist()
    else:
        points = [0] + [int(i) for i in sections] + [n]
    return list(zip(points[:-1], points[1:]))


def _splitter(name: str, equal: bool, fixed_axis: Optional[Callable[[int], int]] = None,
              min_ndim: int = 0) -> Callable:
    def impl(ary: Any, indices_or_sections: Any, axis: int = 0) -> list:
        x = arg(ary)
        sections = static(name, "indices_or_sections", indices_or_sections)
        if fixed_axis is not None:
            if x.ndim < min_ndim:
                raise ValueError(f"{name} only works on arrays of {max(min_ndim, 1)} or more dimensions")
            axis = fixed_axis(x.ndim)
        axis = normalize_axis(axis, x.ndim)
        n = known_dim(name, x, axis)
        return [_slice_along(x, axis, start, stop) for start, stop in _split_points(name, n, sections, equal)]
    impl.__name__ = name
    return impl


NUMPY_FUNCTIONS[np.array_split] = _splitter("array_split", False)
NUMPY_FUNCTIONS[np.split] = _splitter("split", True)
NUMPY_FUNCTIONS[np.hsplit] = lambda ary, indices_or_sections: _splitter(
    "hsplit", True, lambda nd: 1 if nd > 1 else 0, 1)(ary, indices_or_sections)
NUMPY_FUNCTIONS[np.vsplit] = lambda ary, indices_or_sections: _splitter(
    "vsplit", True, lambda nd: 0, 2)(ary, indices_or_sections)
NUMPY_FUNCTIONS[np.dsplit] = lambda ary, indices_or_sections: _splitter(
    "dsplit", True, lambda nd: 2, 3)(ary, indices_or_sections)


@implements(np.meshgrid)
def _meshgrid(*xi: Any, copy: bool = True, sparse: bool = False, indexing: str = "xy") -> tuple:
    if indexing not in ("xy", "ij"):
        raise ValueError("Valid values for `indexing` are 'xy' and 'ij'.")
    ndim = len(xi)
    arrays = [_flatten(arg(x)) for x in xi]
    lengths = [known_dim("meshgrid", t, 0) for t in arrays]
    shape1 = [(1,) * i + (n,) + (1,) * (ndim - i - 1) for i, n in enumerate(lengths)]
    if indexing == "xy" and ndim > 1:
        shape1[0] = (1, lengths[0]) + (1,) * (ndim - 2)
        shape1[1] = (lengths[1], 1) + (1,) * (ndim - 2)
    output = [_copy(reshape(t, s)) if copy else reshape(t, s) for t, s in zip(arrays, shape1)]
    if not sparse:
        full = tuple(max(dims) for dims in zip(*shape1)) if ndim else ()
        output = [o if o.shape == full else bind1("broadcast_to", [o], shape=full) for o in output]
    return tuple(output)


@implements(np.lib.stride_tricks.sliding_window_view)
def _sliding_window_view(x: Any, window_shape: Any, axis: Any = None, *, subok: bool = False,
                         writeable: bool = False) -> Tensor:
    t = arg(x)
    window_shape = static("sliding_window_view", "window_shape", window_shape)
    if writeable:
        raise NotStageable("np.lib.stride_tricks.sliding_window_view: writeable=True views are not supported in "
                        "graphs (a graph tensor is a value, not memory)")
    known_shape("sliding_window_view", t)
    # NumPy's own checks, on a zero-stride stand-in of the same shape.
    np.lib.stride_tricks.sliding_window_view(probe(t), window_shape, axis)
    windows = tuple(window_shape) if np.iterable(window_shape) else (window_shape,)
    axes = tuple(range(t.ndim)) if axis is None else (
        tuple(axis) if np.iterable(axis) else (axis,))

    def windowed(t: Tensor) -> Tensor:
        for ax, w in zip(axes, windows):
            ax = normalize_axis(ax, t.ndim)
            n = t.shape[ax]
            positions = np.arange(n - w + 1)[:, None] + np.arange(w)[None, :]
            t = _take(t, positions, ax)            # (..., n - w + 1, w, ...)
            t = _moveaxis(t, ax + 1, t.ndim - 1)   # the window axis goes last, in window_shape's order
        return t
    return read_only_view(t, windowed)  # (NumPy's: a read-only view, whose windows see a write into x)


# --- creation with tensor endpoints ----------------------------------------------------------------

@implements(np.linspace)
def _linspace(start: Any, stop: Any, num: int = 50, endpoint: bool = True, retstep: bool = False,
              dtype: Any = None, axis: int = 0, *, device: Any = None) -> Any:
    num = operator.index(static("linspace", "num", num))
    if num < 0:
        raise ValueError(f"Number of samples, {num}, must be non-negative.")
    div = (num - 1) if endpoint else num
    lo = start if type(start) in (int, float, complex) else arg(start)
    hi = stop if type(stop) in (int, float, complex) else arg(stop)
    # NumPy's result type of the endpoints (Python numbers weak), made inexact.
    dt = np.result_type(*(v.dtype if isinstance(v, Tensor) else v for v in (lo, hi)))
    dt = dt if dt.kind in "fc" else np.dtype(np.float64)
    integer_dtype = dtype is not None and np.issubdtype(dtype, np.integer)
    dtype = dt if dtype is None else np.dtype(dtype)
    lo_t, hi_t = cast(lo, dt), cast(hi, dt)
    delta = hi_t - lo_t
    nd = delta.ndim
    y = constant(np.arange(0, num, dtype=dt).reshape((-1,) + (1,) * nd))
    if div > 0:
        step = delta / div
        # NumPy divides first when any step underflows to 0 (denormal endpoints, gh-5437).
        any_zero = reduce("any", step == 0)
        y = np.where(any_zero, y / div * delta, y * step)
    else:
        step = constant(np.array(np.nan, dt))
        y = y * delta
    y = y + lo_t
    if endpoint and num > 1:
        # NumPy writes stop into the last row (y[-1, ...] = stop), broadcasting it.
        last = hi_t if hi_t.shape == y.shape[1:] else bind1(
            "broadcast_to", [hi_t], shape=known_shape("linspace", y)[1:])
        y = bind1("concatenate", [_slice_along(y, 0, None, -1), getitem(last, (None, Ellipsis))], axis=0)
    if axis != 0:
        y = _moveaxis(y, 0, normalize_axis(axis, y.ndim))
    if integer_dtype:
        y = np.floor(y)
    y = cast(y, dtype)
    return (y, step) if retstep else y


@implements(np.logspace)
def _logspace(start: Any, stop: Any, num: int = 50, endpoint: bool = True, base: Any = 10.0, dtype: Any = None,
              axis: int = 0) -> Tensor:
    lo = start if type(start) in (int, float) else arg(start)
    hi = stop if type(stop) in (int, float) else arg(stop)
    y = _linspace(lo, hi, num=num, endpoint=endpoint, axis=axis)
    b = base if type(base) in (int, float) else arg(base)
    if isinstance(b, Tensor) and b.ndim:
        b = np.expand_dims(b, axis)
    result = np.power(b, y)
    return result if dtype is None else cast(result, dtype)


@implements(np.full_like)
def _full_like(a: Any, fill_value: Any, dtype: Any = None, order: str = "K", subok: bool = True,
               shape: Any = None, *, device: Any = None) -> Tensor:
    x = arg(a)
    shape = x.shape if shape is None else tuple(static("full_like", "shape", (shape,) if np.ndim(shape) == 0
                                                       else shape))
    dtype = np.dtype(x.dtype if dtype is None else dtype)
    # In NumPy's layout: the prototype's own for order "K" (np.zeros_like(x.T) is Fortran-ordered).
    return laid_out_like(_filled(x, fill_value, shape, dtype), x, order)


def _filled(x: Tensor, fill_value: Any, shape: tuple, dtype: np.dtype) -> Tensor:
    if _has_tensor(fill_value):
        # A tensor fill: broadcast it, cast as NumPy's copyto(..., casting="unsafe") does.
        fill = cast(fill_value, dtype)
        if None in shape:
            return apply("add", bind1("full_like", [x], fill_value=np.array(0, dtype), dtype=dtype), fill)
        return bind1("broadcast_to", [fill], shape=shape)
    value = np.array(fill_value).astype(dtype) if np.ndim(fill_value) else np.array(fill_value, dtype=dtype)
    if np.ndim(value):
        return bind1("broadcast_to", [constant(value)], shape=known_shape("full_like", x) if shape == x.shape
                     else shape)
    if None not in shape:
        return bind1("full", [], shape=shape, fill_value=value, dtype=dtype)
    return bind1("full_like", [x], fill_value=value, dtype=dtype)


def _filled_like(name: str, fill: int) -> Callable:
    def impl(a: Any, dtype: Any = None, order: str = "K", subok: bool = True, shape: Any = None, *,
             device: Any = None) -> Tensor:
        return _full_like(a, fill, dtype, order, shape=shape)
    impl.__name__ = name
    return impl


NUMPY_FUNCTIONS[np.zeros_like] = _filled_like("zeros_like", 0)
NUMPY_FUNCTIONS[np.ones_like] = _filled_like("ones_like", 1)
NUMPY_FUNCTIONS[np.empty_like] = _filled_like("empty_like", 0)  # NumPy leaves it undefined; zeros qualify


# --- differences, convolution, interpolation ---------------------------------------------------------

@implements(np.diff)
def _diff(a: Any, n: int = 1, axis: int = -1, prepend: Any = _NO_VALUE, append: Any = _NO_VALUE) -> Tensor:
    n = operator.index(static("diff", "n", n))
    x = arg(a)
    if n == 0:
        return x
    if n < 0:
        raise ValueError("order must be non-negative but got " + repr(n))
    if x.ndim == 0:
        raise ValueError("diff requires input that is at least one dimensional")
    axis = normalize_axis(axis, x.ndim)
    parts = []
    for value in (prepend, append):
        if value is _NO_VALUE:
            parts.append(None)
            continue
        v = arg(value)
        if v.ndim == 0:
            shape = list(known_shape("diff", x))
            shape[axis] = 1
            v = bind1("broadcast_to", [v], shape=tuple(shape))
        parts.append(v)
    combined = [p for p in (parts[0], x, parts[1]) if p is not None]
    if len(combined) > 1:
        x = np.concatenate(combined, axis)
    for _ in range(n):
        head, tail = _slice_along(x, axis, 1), _slice_along(x, axis, None, -1)
        x = apply("ne", head, tail) if x.dtype == np.bool_ else apply("sub", head, tail)
    return x


def _correlate_full(name: str, a: Tensor, v: Tensor, mode: Any) -> Tensor:
    """NumPy's ``np.<name>(a, v, mode)`` of two non-empty 1-D tensors: one ``correlate`` op on the inputs cast
    to the dtype NumPy computes in (runtime/graph/ops_array.py), NumPy's own function on the interpreter."""
    known_dim(name, a, 0), known_dim(name, v, 0)
    dtype = np.correlate(np.ones(1, a.dtype), np.ones(1, v.dtype)).dtype
    np.correlate(np.ones(1), np.ones(1), mode)  # NumPy's own error for a mode it does not take ("f", None)
    mode = mode if isinstance(mode, str) else ("valid", "same", "full")[operator.index(mode)]
    return bind1("correlate", [cast(a, dtype), cast(v, dtype)], function=name, mode=mode)


def _one_d_inputs(name: str, a: Any, v: Any) -> tuple[Tensor, Tensor]:
    """``np.<name>(a, v)``'s inputs as 1-D tensors (a 0-d one as one element), with NumPy's own errors: an input of
    more dimensions, or an empty one (NumPy's words for that changed: 2.2's convolve names v for an empty a, as it
    takes the longer first; 2.4's names a), asked of NumPy on arrays of the inputs' sizes."""
    x, y = arg(a), arg(v)
    if x.ndim > 1 or y.ndim > 1:
        raise ValueError("object too deep for desired array")
    x, y = (reshape(t, (1,)) if t.ndim == 0 else t for t in (x, y))
    sizes = [known_dim(name, t, 0) for t in (x, y)]
    if 0 in sizes:
        getattr(np, name)(np.ones(sizes[0]), np.ones(sizes[1]))
    return x, y


@implements(np.correlate)
def _correlate(a: Any, v: Any, mode: Any = "valid") -> Tensor:
    x, y = _one_d_inputs("correlate", a, v)
    return _correlate_full("correlate", x, y, mode)


@implements(np.convolve)
def _convolve(a: Any, v: Any, mode: Any = "full") -> Tensor:
    x, y = _one_d_inputs("convolve", a, v)  # (NumPy's checks, before it takes the longer first)
    return _correlate_full("convolve", x, y, mode)


UNSORTED_XP = ("np.interp was given sample points xp that are not increasing: NumPy does not check them, and its "
               "answer then follows the path of its own search through them, which a graph cannot follow. Sort xp "
               "(and fp with it: order = np.argsort(xp)), or pass period= for periodic data")


NAN_XP = ("np.interp was given sample points xp with a NaN among more than 4 points, or any NaN with period=: "
          "NumPy's search through them starts from the previous x's point and jumps past a NaN, so its answer follows "
          "the path of its own search, which a graph cannot follow. Leave the NaN points out "
          "(keep = ~np.isnan(xp); np.interp(x, xp[keep], fp[keep]))")


def _check_increasing(given: Any, xps: Tensor) -> None:
    """``np.interp``'s ``xp`` must be in NumPy's sorted order (NaNs last): where it is not, NumPy's answer is its
    own search's (``UnsortedSearch``). So is a NaN among more than 4 points: NumPy searches 4 or fewer one by one
    (stopping at a NaN, as ``searchsorted`` does), more from a guess (the previous x's point), whose comparisons
    with a NaN send the search past it (compiled_base.c, ``binary_search_with_guess``)."""
    _refuse_xp_where(_out_of_order, given, xps, UNSORTED_XP)
    if xps.shape[0] > 4:
        _refuse_xp_where(_has_nan, given, xps, NAN_XP)


def _out_of_order(points: Any) -> Any:
    lo, hi = points[:-1], points[1:]
    return np.any((hi < lo) | (np.isnan(lo) & ~np.isnan(hi)))


def _has_nan(points: Any) -> Any:
    return np.any(np.isnan(points))


def _refuse_xp_where(bad: Callable[[Any], Any], given: Any, xps: Tensor, message: str) -> None:
    """``UnsortedSearch`` where ``bad(xp)``: while tracing for a constant ``xp``, when the graph runs otherwise."""
    if not is_tensor_like(given):
        if bad(np.asarray(given, dtype=np.float64)):
            raise UnsortedSearch(f"{user_location()}: {message}")
        return
    variables.check(~bad(xps), message, UnsortedSearch)


@implements(np.interp)
def _interp(x: Any, xp: Any, fp: Any, left: Any = None, right: Any = None, period: Any = None) -> Tensor:
    f = arg(fp)
    if f.dtype.kind == "c":
        raise NotStageable("np.interp with complex fp is not supported in graphs; interpolate the real and "
                        "imaginary parts separately")
    xs, xps, fps = cast(arg(x), np.float64), cast(arg(xp), np.float64), cast(f, np.float64)
    if xps.ndim != 1 or fps.ndim != 1:
        raise ValueError("Data points must be 1-D sequences" if period is not None else "object too deep for "
                         "desired array")
    n, nf = known_dim("interp", xps, 0), known_dim("interp", fps, 0)
    if n != nf:
        raise ValueError("fp and xp are not of the same length" if period is not None
                         else "fp and xp are not of the same length.")
    if n == 0:
        raise ValueError("array of sample points is empty")
    if period is not None:
        period = static("interp", "period", period)
        if period == 0:
            raise ValueError("period must be a non-zero value")
        period = abs(period)
        left = right = None
        # (sorted NaNs last, a NaN would lead the points NumPy searches: xp[-1] - period)
        _refuse_xp_where(_has_nan, xp, xps, NAN_XP)
        xs, xps = xs % period, xps % period
        order = _argsort(xps)
        xps, fps = bind1("take", [xps, order], axis=0, mode=None), bind1("take", [fps, order], axis=0, mode=None)
        xps = bind1("concatenate", [_slice_along(xps, 0, -1) - period, xps, _slice_along(xps, 0, 0, 1) + period],
                    axis=0)
        fps = bind1("concatenate", [_slice_along(fps, 0, -1), fps, _slice_along(fps, 0, 0, 1)], axis=0)
        n += 2
    else:
        _check_increasing(xp, xps)
    lval = getitem(fps, 0) if left is None else cast(arg(left), np.float64)
    rval = getitem(fps, n - 1) if right is None else cast(arg(right), np.float64)
    if n == 1:
        x0, y0 = getitem(xps, 0), getitem(fps, 0)
        # NumPy's loop for one point: neither below nor above it (a NaN too) is its value.
        return np.where(xs < x0, lval, np.where(xs > x0, rval, y0))
    # NumPy's compiled loop, vectorised: j with xp[j] <= x < xp[j+1], the slope on [j, j+1], and
    # its fallbacks for NaN slopes, exact hits and the ends.
    j = bind1("searchsorted", [xps, xs], side="right") - 1
    jc = clip(j, 0, n - 2)
    x0, x1 = bind1("take", [xps, jc], axis=0, mode=None), bind1("take", [xps, jc + 1], axis=0, mode=None)
    y0, y1 = bind1("take", [fps, jc], axis=0, mode=None), bind1("take", [fps, jc + 1], axis=0, mode=None)
    slope = (y1 - y0) / (x1 - x0)
    value = slope * (xs - x0) + y0
    other = slope * (xs - x1) + y1
    value = np.where(np.isnan(value), np.where(np.isnan(other) & (y0 == y1), y0, other), value)
    value = np.where(xs == x0, y0, value)
    value = np.where(j == n - 1, getitem(fps, n - 1), value)
    value = np.where(xs < getitem(xps, 0), lval, value)
    value = np.where(xs > getitem(xps, n - 1), rval, value)
    return np.where(np.isnan(xs), xs, value)


# --- counting: bincount and histogram ----------------------------------------------------------------

def _scatter_add(length: int, dtype: Any, indices: Tensor, values: Any) -> Tensor:
    zeros = constant(np.zeros(length, dtype))
    return bind1("ufunc_at", [zeros, as_tensor(values), indices], ufunc="add", index=(Ref(0),))


@implements(np.bincount)
def _bincount(x: Any, weights: Any = None, minlength: Any = 0) -> Tensor:
    t = arg(x)
    minlength = static("bincount", "minlength", minlength)
    w = None if weights is None else arg(weights)
    # NumPy's own dtype errors (floats are not safely castable to intp), on one element.
    np.bincount(np.zeros(1, t.dtype), None if w is None else np.zeros(1, w.dtype), minlength=1)
    if t.ndim != 1:
        raise ValueError("object too deep for desired array" if t.ndim > 1 else
                         "object of too small depth for desired array")
    if minlength is None or operator.index(minlength) < 0:
        raise ValueError("'minlength' must not be negative")
    length = operator.index(minlength)
    if length == 0:  # its length is max(x) + 1: `?`, computed by NumPy when the graph runs
        return bind1("bincount", [t] + ([] if w is None else [w]), minlength=0)
    if w is not None and w.shape != t.shape and None not in w.shape + t.shape:
        raise ValueError("The weights and list don't have the same length.")
    idx = cast(t, np.intp)
    error, message = error_of(lambda: np.bincount(np.array([-1])))  # NumPy's ValueError, in its words
    variables.check(np.all(idx >= 0), message, error)
    variables.check(np.all(idx < length), f"np.bincount in a graph: a value is >= minlength={length}, the "
                      "output length this graph was traced with; pass a larger minlength")
    if w is None or t.shape[0] == 0:  # NumPy counts in intp when there is nothing to weigh, too
        return _scatter_add(length, np.intp, idx, np.ones(1, np.intp)[0])
    return _scatter_add(length, np.float64, idx, cast(w, np.float64))


@implements(np.histogram)
def _histogram(a: Any, bins: Any = 10, range: Any = None, density: Any = None, weights: Any = None) -> tuple:
    x = _flatten(arg(a))
    bins = static("histogram", "bins", bins)
    range = static("histogram", "range", range)
    w = None if weights is None else _flatten(arg(weights))
    if w is not None and None not in w.shape + x.shape and w.shape != x.shape:
        raise ValueError("weights should have the same shape as a.")
    ntype = np.dtype(np.intp) if w is None else w.dtype
    if isinstance(bins, str):
        raise NotStageable(f"np.histogram: bins={bins!r} chooses the number of bins from the data, which a graph "
                        "cannot do; give the number of bins or the edges")
    if np.ndim(bins) == 0:
        count = operator.index(bins)
        if count < 1:
            raise ValueError("`bins` must be positive, when an integer")
        if range is not None:
            first, last = range
            if first > last:
                raise ValueError("max must be larger than min in range parameter.")
            if not (np.isfinite(first) and np.isfinite(last)):
                raise ValueError(f"supplied range of [{first}, {last}] is not finite")
            if first == last:
                first, last = first - 0.5, last + 0.5
            bin_type = np.result_type(first, last, x.dtype)
            if np.issubdtype(bin_type, np.integer):
                bin_type = np.result_type(bin_type, float)
            edges = as_tensor(np.linspace(first, last, count + 1, endpoint=True, dtype=bin_type))
            lo, hi = constant(np.asarray(first, bin_type)), constant(np.asarray(last, bin_type))
        else:
            # Edges from the data: min and max (widened by 0.5 when equal), as NumPy.
            bin_type = np.result_type(x.dtype, float) if x.dtype.kind in "biu" else x.dtype
            if 0 in x.shape:  # NumPy's range of no data: (0, 1)
                lo, hi = constant(np.asarray(0, bin_type)), constant(np.asarray(1, bin_type))
            else:
                lo, hi = cast(np.min(x), bin_type), cast(np.max(x), bin_type)
            # NumPy's ValueError; its message names the range it found, which a graph's assert cannot.
            variables.check(np.isfinite(lo) & np.isfinite(hi), "autodetected range is not finite", ValueError)
            same = lo == hi
            lo, hi = np.where(same, lo - 0.5, lo), np.where(same, hi + 0.5, hi)
            edges = _linspace(lo, hi, count + 1, dtype=bin_type)
        xs = cast(x, bin_type) if x.dtype.kind in "biu" else x
        keep = (xs >= lo) & (xs <= hi)
        # NumPy's uniform-bin index: scale, truncate, then correct by one against the edges.
        f = (xs - lo) / (hi - lo) * count
        idx = cast(np.where(keep, f, 0), np.intp)
        idx = np.where(idx == count, idx - 1, idx)
        idx = clip(idx, 0, count - 1)
        lower = bind1("take", [edges, idx], axis=0, mode=None)
        upper = bind1("take", [edges, idx + 1], axis=0, mode=None)
        idx = np.where(xs < lower, idx - 1, idx)
        idx = np.where((xs >= upper) & (idx != count - 1), idx + 1, idx)
        idx = clip(idx, 0, count - 1)
    else:
        edge_values = np.asarray(bins)
        if edge_values.ndim != 1:
            raise ValueError("`bins` must be 1d, when an array")
        if np.any(edge_values[:-1] > edge_values[1:]):
            raise ValueError("`bins` must increase monotonically, when an array")
        count = len(edge_values) - 1
        edges = constant(edge_values)
        # A value v goes to the bin of searchsorted(edges, v, 'right') - 1; the last edge closes the last bin.
        idx = bind1("searchsorted", [edges, x], side="right") - 1
        idx = np.where(x == edge_values[-1], count - 1, idx)
        keep = (idx >= 0) & (idx < count)
        idx = clip(idx, 0, count - 1)
    if w is None:
        hist = _scatter_add(count, np.intp, idx, cast(keep, np.intp))
    else:
        hist = _scatter_add(count, ntype, idx, np.where(keep, w, np.zeros(1, ntype)[0]))
    if density:
        widths = np.diff(edges)
        return hist / widths / np.sum(hist), edges
    return hist, edges


# --- NaN-ignoring reductions ---------------------------------------------------------------------------

def _replace_nan(x: Tensor, value: float) -> tuple[Tensor, Optional[Tensor]]:
    if x.dtype.kind not in "fc":
        return x, None
    mask = np.isnan(x)
    return np.where(mask, np.asarray(value, x.dtype), x), mask


def _nan_reduction(name: str, op: str, fill: float) -> Callable:
    def impl(a: Any, axis: Any = None, dtype: Any = None, out: Any = None, keepdims: Any = _NO_VALUE,
             initial: Any = _NO_VALUE, where: Any = _NO_VALUE) -> Any:
        if initial is not _NO_VALUE or where is not _NO_VALUE:
            raise NotStageable(f"np.{name}: initial= and where= are not supported in graphs")
        x, _ = _replace_nan(arg(a), fill)
        keep = False if keepdims is _NO_VALUE else bool(keepdims)
        result = reduce(op, x, axis, keep, dtype)
        if dtype is not None:
            result = cast(result, dtype)
        return _finish(result, out, f"np.{name}")
    impl.__name__ = name
    return impl


NUMPY_FUNCTIONS[np.nansum] = _nan_reduction("nansum", "sum", 0)
NUMPY_FUNCTIONS[np.nanprod] = _nan_reduction("nanprod", "prod", 1)


def _nan_extreme(name: str, op: str) -> Callable:
    def impl(a: Any, axis: Any = None, out: Any = None, keepdims: Any = _NO_VALUE, initial: Any = _NO_VALUE,
             where: Any = _NO_VALUE) -> Any:
        if initial is not _NO_VALUE or where is not _NO_VALUE:
            raise NotStageable(f"np.{name}: initial= and where= are not supported in graphs")
        x = arg(a)
        keep = False if keepdims is _NO_VALUE else bool(keepdims)
        if x.dtype.kind not in "fc":
            return _finish(reduce(op, x, axis, keep), out, f"np.{name}")
        # NumPy's np.fmax.reduce: NaNs are skipped, an all-NaN slice gives NaN.
        mask = np.isnan(x)
        skip = np.inf if op == "min" else -np.inf
        result = reduce(op, np.where(mask, np.asarray(skip, x.dtype), x), axis, keep)
        result = np.where(reduce("all", mask, axis, keep), np.asarray(np.nan, x.dtype), result)
        return _finish(result, out, f"np.{name}")
    impl.__name__ = name
    return impl


NUMPY_FUNCTIONS[np.nanmax] = _nan_extreme("nanmax", "max")
NUMPY_FUNCTIONS[np.nanmin] = _nan_extreme("nanmin", "min")


def _nan_arg(name: str, op: str) -> Callable:
    def impl(a: Any, axis: Optional[int] = None, out: Any = None, *, keepdims: Any = _NO_VALUE) -> Any:
        x = arg(a)
        keep = False if keepdims is _NO_VALUE else bool(keepdims)
        if x.dtype.kind in "fc":
            mask = np.isnan(x)
            # NumPy raises for a slice that is all NaN; in a graph that is known at run time: an assertion.
            error, message = error_of(lambda: getattr(np, name)(np.array([np.nan])))  # NumPy's ValueError
            variables.check(~np.any(np.all(mask, axis=axis)), message, error)
            x = np.where(mask, np.asarray(np.inf if op == "argmin" else -np.inf, x.dtype), x)
        return _finish(arg_reduce(op, x, axis, keep), out, f"np.{name}")
    impl.__name__ = name
    return impl


NUMPY_FUNCTIONS[np.nanargmax] = _nan_arg("nanargmax", "argmax")
NUMPY_FUNCTIONS[np.nanargmin] = _nan_arg("nanargmin", "argmin")


def _divide_by_count(total: Tensor, count: Tensor) -> Tensor:
    """NumPy's ``_divide_by_count``: the division in the ufunc's loop dtype, cast back to total's."""
    return cast(apply("truediv", total, count), total.dtype)


@implements(np.nanmean)
def _nanmean(a: Any, axis: Any = None, dtype: Any = None, out: Any = None, keepdims: Any = _NO_VALUE, *,
             where: Any = _NO_VALUE) -> Any:
    if where is not _NO_VALUE:
        raise NotStageable("np.nanmean: where= is not supported in graphs")
    x = arg(a)
    _inexact_dtype_for_inexact(x, dtype)
    keep = False if keepdims is _NO_VALUE else bool(keepdims)
    arr, mask = _replace_nan(x, 0)
    if mask is None:
        return _finish(reduce("mean", arr, axis, keep, dtype), out, "np.nanmean")
    count = reduce("sum", cast(~mask, np.intp), axis, keep)
    total = reduce("sum", arr, axis, keep, dtype)
    return _finish(_divide_by_count(total, count), out, "np.nanmean")


@implements(np.nanvar)
def _nanvar(a: Any, axis: Any = None, dtype: Any = None, out: Any = None, ddof: Any = 0,
            keepdims: Any = _NO_VALUE, *, where: Any = _NO_VALUE, mean: Any = _NO_VALUE,
            correction: Any = _NO_VALUE) -> Any:
    if where is not _NO_VALUE or mean is not _NO_VALUE:
        raise NotStageable("np.nanvar: where= and mean= are not supported in graphs")
    if correction is not _NO_VALUE:
        if ddof != 0:
            raise ValueError("ddof and correction can't be provided simultaneously.")
        ddof = correction
    x = arg(a)
    _inexact_dtype_for_inexact(x, dtype)
    keep = False if keepdims is _NO_VALUE else bool(keepdims)
    arr, mask = _replace_nan(x, 0)
    if mask is None:
        return _finish(np.var(arr, axis=axis, dtype=dtype, ddof=ddof, keepdims=keep), out, "np.nanvar")
    count = reduce("sum", cast(~mask, np.intp), axis, True)
    avg = _divide_by_count(reduce("sum", arr, axis, True, dtype), count)
    centered = np.where(mask, np.zeros(1, arr.dtype)[0], cast(arr - avg, arr.dtype))
    if centered.dtype.kind == "c":
        raise NotStageable("np.nanvar of complex tensors is not supported in graphs")
    squared = centered * centered
    var = reduce("sum", squared, axis, keep, dtype)
    if not keep:
        count = reduce("sum", cast(~mask, np.intp), axis, False)
    dof = count - ddof
    var = _divide_by_count(var, dof)
    return _finish(np.where(dof <= 0, np.asarray(np.nan, var.dtype), var), out, "np.nanvar")


@implements(np.nanstd)
def _nanstd(a: Any, axis: Any = None, dtype: Any = None, out: Any = None, ddof: Any = 0,
            keepdims: Any = _NO_VALUE, **kw: Any) -> Any:
    x = arg(a)
    if x.dtype.kind not in "fc":  # (no NaN to leave out: NumPy's np.std, whose integer dtype= it keeps)
        keep = False if keepdims is _NO_VALUE else bool(keepdims)
        correction = kw.pop("correction", _NO_VALUE)
        if correction is not _NO_VALUE:
            if ddof != 0:
                raise ValueError("ddof and correction can't be provided simultaneously.")
            ddof = correction
        return _finish(np.std(x, axis=axis, dtype=dtype, ddof=ddof, keepdims=keep, **kw), out, "np.nanstd")
    return _finish(np.sqrt(_nanvar(a, axis, dtype, None, ddof, keepdims, **kw)), out, "np.nanstd")


def _inexact_dtype_for_inexact(x: Tensor, dtype: Any) -> None:
    """NumPy's nanmean / nanvar / nanstd refuse an integer ``dtype=`` for a float or complex array (its NaNs)."""
    if dtype is not None and x.dtype.kind in "fc" and not np.issubdtype(np.dtype(dtype), np.inexact):
        raise TypeError("If a is inexact, then dtype must be inexact")


# --- order statistics: median, quantile, percentile --------------------------------------------------

def reduce_axes(x: Tensor, axis: Any) -> tuple[Tensor, int]:
    """NumPy's ``_ureduce``: several axes become one last axis (kept axes first); None flattens."""
    if axis is None:
        return _flatten(x), 0
    axes = normalize_axes(axis, x.ndim)
    if len(axes) == 1:
        return x, axes[0]
    keep = [i for i in range(x.ndim) if i not in axes]
    moved = transpose(x, keep + list(axes))
    shape = known_shape("quantile", x)
    return reshape(moved, tuple(shape[i] for i in keep) + (-1,)), len(keep)


def keep_dims(result: Tensor, x_ndim: int, axis: Any, keepdims: bool, q_ndim: int = 0) -> Tensor:
    if not keepdims:
        return result
    axes = range(x_ndim) if axis is None else normalize_axes(axis, x_ndim)
    index = (slice(None),) * q_ndim + tuple(None if i in axes else slice(None) for i in range(x_ndim))
    return getitem(result, index)


@implements(np.median)
def _median(a: Any, axis: Any = None, out: Any = None, overwrite_input: bool = False,
            keepdims: bool = False) -> Any:
    x0 = arg(a)
    x, ax = reduce_axes(x0, axis)
    if x.ndim and x.shape[ax] is None:  # a length known only at run time (np.median(x[mask])): NumPy's own
        return _finish(keep_dims(bind1("median", [x], axis=ax), x0.ndim, axis, keepdims), out, "np.median")
    n = known_dim("median", x, ax)
    part = bind1("sort", [x], axis=ax) if x.ndim else x
    if x.ndim == 0:
        return _finish(reduce("mean", x), out, "np.median")
    half = n // 2
    middle = _slice_along(part, ax, half, half + 1) if n % 2 else _slice_along(part, ax, half - 1, half + 1)
    result = reduce("mean", middle, ax)
    if x.dtype.kind in "fc" and n > 0:
        last = getitem(part, (slice(None),) * ax + (-1,))
        result = np.where(np.isnan(last), cast(last, result.dtype), result)
    return _finish(keep_dims(result, x0.ndim, axis, keepdims), out, "np.median")


_QUANTILE_METHODS = ("linear", "lower", "higher", "midpoint", "nearest")


# NumPy before 2.3 takes a Python number q (a float subclass such as np.float64 too) in a float array's dtype, and
# divides percentile's q by 100 in that dtype; 2.3 keeps q's own type and promotes the result weakly for a Python
# int or float. So np.quantile(float32 array, np.float64(0.5)) is float32 on 2.2, float64 on 2.3. Asked of NumPy.
_OLD_QUANTILE_Q = np.quantile(np.ones(2, np.float32), np.float64(0.5)).dtype == np.float32


def _quantiles(name: str, q: Any, dtype: np.dtype) -> tuple[np.ndarray, bool]:
    """``q`` as the installed NumPy's ``np.quantile`` / ``np.percentile`` takes it for an array of ``dtype``:
    the quantiles (percentile's divided by 100), and whether the result's type promotes them weakly."""
    value = static(name, "q", q)
    floating = dtype.kind == "f"
    if _OLD_QUANTILE_Q:
        if name == "percentile":
            return np.asanyarray(np.true_divide(value, dtype.type(100) if floating else 100)), False
        if isinstance(q, (int, float)) and floating:
            return np.asanyarray(value, dtype=dtype), False
        return np.asanyarray(value), False
    return np.asanyarray(np.true_divide(value, 100) if name == "percentile" else value), type(q) in (int, float)


def _quantile_impl(name: str, a: Any, q: Any, axis: Any, method: str, keepdims: bool) -> Tensor:
    x0 = arg(a)
    if x0.dtype.kind == "c":
        raise NotStageable("a must be an array of real numbers")
    q, weak_q = _quantiles(name, q, x0.dtype)
    if not (q.size == 0 or (q.min() >= 0 and q.max() <= 1)):
        raise ValueError("Quantiles must be in the range [0, 1]" if name == "quantile"
                         else "Percentiles must be in the range [0, 100]")
    if method not in _QUANTILE_METHODS:
        raise NotStageable(f"np.{name}: method={method!r} is not supported in graphs; the methods that are: "
                        f"{', '.join(_QUANTILE_METHODS)}")
    if q.ndim > 2:
        raise ValueError("q must be a scalar or 1d")
    x, ax = reduce_axes(x0, axis)
    if x.ndim and x.shape[ax] is None:  # a length known only at run time (np.percentile(x[mask], 95)): NumPy's own
        result = bind1("quantile", [x, constant(q)], axis=ax, method=method, weak_q=weak_q)
        return keep_dims(result, x0.ndim, axis, keepdims, q.ndim)
    n = known_dim(name, x, ax)
    arr = _moveaxis(bind1("sort", [x], axis=ax), ax, 0) if x.ndim else reshape(x, (1,))
    supports_nans = x.dtype.kind in "fc"
    # The positions and weights depend only on n and q, so they are NumPy constants (NumPy's recipe).
    if method == "linear":
        virtual = np.asanyarray((n - 1) * q)
    elif method == "lower":
        virtual = np.floor((n - 1) * q).astype(np.intp)
    elif method == "higher":
        virtual = np.ceil((n - 1) * q).astype(np.intp)
    elif method == "nearest":
        virtual = np.around((n - 1) * q).astype(np.intp)
    else:
        virtual = np.asanyarray(0.5 * (np.floor((n - 1) * q) + np.ceil((n - 1) * q)))
    if np.issubdtype(virtual.dtype, np.integer):
        result = _take(arr, virtual, 0)
    else:
        previous = np.floor(virtual)
        following = previous + 1
        above = virtual >= n - 1
        previous, following = np.where(above, -1, previous), np.where(above, -1, following)
        below = virtual < 0
        previous, following = np.where(below, 0, previous), np.where(below, 0, following)
        previous, following = previous.astype(np.intp), following.astype(np.intp)
        gamma = np.asanyarray(virtual - previous)
        if method == "midpoint":
            gamma = np.where(virtual % 1 == 0, 0.0, 0.5)
        gamma = np.asanyarray(gamma, dtype=virtual.dtype)
        lo = _take(arr, previous % n, 0)
        hi = _take(arr, following % n, 0)
        t: Any = float(gamma) if weak_q else gamma.reshape(virtual.shape + (1,) * (arr.ndim - 1))
        # NumPy's _lerp: a + (b - a) * t, or b - (b - a) * (1 - t) where t >= 0.5 (exact at t = 1).
        diff = hi - lo
        lerp = lo + diff * t
        upper = cast(hi - diff * (1 - t), lerp.dtype)
        result = lerp if not np.any(np.asarray(t) >= 0.5) else np.where(np.asarray(t) >= 0.5, upper, lerp)
    if supports_nans:
        last = getitem(arr, -1)
        result = np.where(np.isnan(last), cast(last, result.dtype), result)
    return keep_dims(result, x0.ndim, axis, keepdims, q.ndim)


@implements(np.quantile)
def _quantile(a: Any, q: Any, axis: Any = None, out: Any = None, overwrite_input: bool = False,
              method: str = "linear", keepdims: bool = False, *, weights: Any = None,
              interpolation: Any = None) -> Any:
    if weights is not None or interpolation is not None:
        raise NotStageable("np.quantile: weights= and interpolation= are not supported in graphs")
    return _finish(_quantile_impl("quantile", a, q, axis, method, keepdims), out, "np.quantile")


@implements(np.percentile)
def _percentile(a: Any, q: Any, axis: Any = None, out: Any = None, overwrite_input: bool = False,
                method: str = "linear", keepdims: bool = False, *, weights: Any = None,
                interpolation: Any = None) -> Any:
    if weights is not None or interpolation is not None:
        raise NotStageable("np.percentile: weights= and interpolation= are not supported in graphs")
    return _finish(_quantile_impl("percentile", a, q, axis, method, keepdims), out, "np.percentile")


# --- statistics: average, cov, corrcoef ------------------------------------------------------------------

@implements(np.average)
def _average(a: Any, axis: Any = None, weights: Any = None, returned: bool = False, *,
             keepdims: Any = _NO_VALUE) -> Any:
    x = arg(a)
    axes = None if axis is None else normalize_axes(axis, x.ndim)
    keep = False if keepdims is _NO_VALUE else bool(keepdims)
    if weights is None:
        avg = reduce("mean", x, axes, keep)
        count = known_shape("average", x)
        # (NumPy's a.size / avg.size: a ZeroDivisionError when nothing is left, np.average(np.zeros((0, 3)), 1))
        scale_value = int(np.prod(count, dtype=np.int64)) / int(np.prod(known_shape("average", avg), dtype=np.int64))
        scale = constant(np.asarray(scale_value, avg.dtype))
    else:
        w = arg(weights)
        if w.shape != x.shape:
            if axes is None:
                raise TypeError("Axis must be specified when shapes of a and weights differ.")
            if w.ndim != len(axes) or tuple(w.shape) != tuple(x.shape[i] for i in axes):
                raise ValueError("Shape of weights must be consistent with shape of a along specified axis.")
            # NumPy moves the weights' axes into place and broadcasts them against a.
            w = transpose(w, list(np.argsort(axes)))
            w = reshape(w, tuple(x.shape[i] if i in axes else 1 for i in range(x.ndim)))
        if x.dtype.kind in "biu":
            result_dtype = np.result_type(x.dtype, w.dtype, "f8")
        else:
            result_dtype = np.result_type(x.dtype, w.dtype)
        scale = reduce("sum", cast(w, result_dtype), axes, keep)
        error, message = error_of(lambda: np.average(np.ones(1), weights=np.zeros(1)))  # NumPy's ZeroDivisionError
        variables.check(np.all(scale != 0.0), message, error)
        avg = reduce("sum", cast(x, result_dtype) * cast(w, result_dtype), axes, keep) / scale
    if returned:
        if scale.shape != avg.shape:
            scale = bind1("broadcast_to", [scale], shape=known_shape("average", avg))
        return avg, scale
    return avg


@implements(np.cov)
def _cov(m: Any, y: Any = None, rowvar: bool = True, bias: bool = False, ddof: Any = None, fweights: Any = None,
         aweights: Any = None, *, dtype: Any = None) -> Tensor:
    if ddof is not None and ddof != int(ddof):
        raise ValueError("ddof must be integer")
    # (NumPy's errors for weights that are negative, or frequencies that are not whole, follow from their values.)
    checked = ("its values decide NumPy's errors (a negative weight is a ValueError) and its sum the result's scale; "
               "pass the weights as a constant, or compute the weighted covariance with np.average and @")
    fweights = static("cov", "fweights", fweights, checked)
    aweights = static("cov", "aweights", aweights, checked)
    mt = arg(m)
    if mt.ndim > 2:
        raise ValueError("m has more than 2 dimensions")
    yt = None if y is None else arg(y)
    if yt is not None and yt.ndim > 2:
        raise ValueError("y has more than 2 dimensions")
    if dtype is None:
        dtype = np.result_type(mt.dtype, np.float64) if yt is None else np.result_type(mt.dtype, yt.dtype,
                                                                                       np.float64)
    X = cast(mt, dtype)
    X = reshape(X, (1, -1)) if X.ndim < 2 else X
    if not rowvar and mt.ndim != 1:
        X = transpose(X)
    if X.shape[0] == 0:
        return constant(np.array([]).reshape(0, 0))
    if yt is not None:
        Y = cast(yt, dtype)
        Y = reshape(Y, (1, -1)) if Y.ndim < 2 else Y
        if not rowvar and Y.shape[0] != 1:
            Y = transpose(Y)
        X = bind1("concatenate", [X, Y], axis=0)
    if ddof is None:
        ddof = 1 if bias == 0 else 0
    n = known_dim("cov", X, 1)
    # Weights are constants here, so NumPy's own checks and normalisation run while tracing.
    w = None
    if fweights is not None:
        fw = np.asarray(fweights, dtype=float)
        if not np.all(fw == np.around(fw)):
            raise TypeError("fweights must be integer")
        if fw.ndim > 1:
            raise RuntimeError("cannot handle multidimensional fweights")
        if fw.shape[0] != n:
            raise RuntimeError("incompatible numbers of samples and fweights")
        if any(fw < 0):
            raise ValueError("fweights cannot be negative")
        w = fw
    aw = None
    if aweights is not None:
        aw = np.asarray(aweights, dtype=float)
        if aw.ndim > 1:
            raise RuntimeError("cannot handle multidimensional aweights")
        if aw.shape[0] != n:
            raise RuntimeError("incompatible numbers of samples and aweights")
        if any(aw < 0):
            raise ValueError("aweights cannot be negative")
        w = aw if w is None else w * aw
    if w is None:
        avg = reduce("mean", X, 1)
        fact = n - ddof
    else:
        w_sum = w.sum()
        avg = reduce("sum", X * constant(w.astype(np.result_type(dtype, w.dtype))), 1) / w_sum
        if ddof == 0:
            fact = w_sum
        elif aw is None:
            fact = w_sum - ddof
        else:
            fact = w_sum - ddof * sum(w * aw) / w_sum
    if fact <= 0:
        fact = 0.0
    X = X - getitem(avg, (slice(None), None))
    X_T = transpose(X) if w is None else transpose(X * constant(w))
    c = apply("matmul", X, np.conjugate(X_T))
    c = cast(c * np.true_divide(1, fact), c.dtype)
    return np.squeeze(c)


@implements(np.corrcoef)
def _corrcoef(x: Any, y: Any = None, rowvar: bool = True, *, dtype: Any = None) -> Tensor:
    c = _cov(x, y, rowvar, dtype=dtype)
    if c.dtype.kind == "c":
        raise NotStageable("np.corrcoef of complex tensors is not supported in graphs")
    if c.ndim != 2:
        return c / c
    d = _diagonal(c)
    stddev = np.sqrt(d)
    c = c / getitem(stddev, (slice(None), None))
    c = c / getitem(stddev, (None, slice(None)))
    return clip(c, -1, 1)


# --- ufunc methods: outer, reduce, accumulate, at; out= for ufunc calls --------------------------------

_REDUCE_OPS = {np.add: "sum", np.multiply: "prod", np.maximum: "max", np.minimum: "min", np.logical_and: "all",
               np.logical_or: "any"}
_SCAN_OPS = {np.add: "cumsum", np.multiply: "cumprod"}
_UNROLL_LIMIT = 4096  # a fold over a static axis becomes one node per element


def _binary_ufunc(ufunc: np.ufunc, method: str) -> None:
    if ufunc.nin != 2 or ufunc.nout != 1:
        raise ValueError(f"{method} only supported for binary functions")


def _fold(ufunc: np.ufunc, x: Tensor, axis: int, accumulate: bool, dtype: Any) -> Tensor:
    """A left fold of ``ufunc`` along a static axis, unrolled (NumPy's order: a0 op a1 op a2 ...)."""
    n = known_dim(f"{ufunc.__name__}.{'accumulate' if accumulate else 'reduce'}", x, axis)
    if n > _UNROLL_LIMIT:
        raise NotStageable(f"np.{ufunc.__name__}.{'accumulate' if accumulate else 'reduce'} over {n} elements is "
                        f"unrolled in graphs, and {n} is more than {_UNROLL_LIMIT}")
    parts = [getitem(x, (slice(None),) * axis + (i,)) for i in range(n)]
    if dtype is not None:
        parts = [cast(p, dtype) for p in parts]
    acc = parts[0]
    results = [acc]
    for p in parts[1:]:
        acc = ufunc(acc, p)
        if dtype is not None:
            acc = cast(acc, dtype)
        results.append(acc)
    if accumulate:
        common = np.result_type(*(r.dtype for r in results))
        return bind1("stack", [cast(r, common) for r in results], axis=axis)
    return acc


def _ufunc_reduce(ufunc: np.ufunc, array: Any, axis: Any = 0, dtype: Any = None, out: Any = None,
                  keepdims: bool = False, initial: Any = _NO_VALUE, where: Any = True) -> Any:
    name = f"np.{ufunc.__name__}.reduce"
    _binary_ufunc(ufunc, "reduce")
    if where is not True:
        raise NotStageable(f"{name}: where= is not supported in graphs")
    x = arg(array)
    axes = tuple(range(x.ndim)) if axis is None else normalize_axes(axis, x.ndim)
    op = _REDUCE_OPS.get(ufunc)
    if op is not None and initial is _NO_VALUE:
        result = reduce(op, x, axes, keepdims, dtype)
        if dtype is not None:
            result = cast(result, dtype)
    else:
        reorderable = ufunc in _REDUCE_OPS or ufunc in (np.bitwise_and, np.bitwise_or, np.bitwise_xor, np.fmax,
                                                       np.fmin, np.logical_xor, np.gcd, np.lcm)
        if len(axes) > 1 and not reorderable:
            raise ValueError(f"reduction operation '{ufunc.__name__}' is not reorderable, so at most one axis "
                             "may be specified")
        result = x
        for ax in sorted(axes, reverse=True):
            n = known_dim(name[len("np."):], result, ax)
            # (one element along ax: an empty axis has no slice of one, but a keepdims reduction over it)
            one = _slice_along(result, ax, 0, 1) if n else cast(reduce("sum", result, (ax,), True), result.dtype)
            if initial is not _NO_VALUE:
                start = np.full_like(one, initial)
                result = bind1("concatenate", [start, result], axis=ax)
            elif n == 0:
                if ufunc.identity is None:
                    raise ValueError(f"zero-size array to reduction operation {ufunc.__name__} which has no "
                                     "identity")
                start = np.full_like(one, ufunc.identity)
                result = bind1("concatenate", [start, result], axis=ax)
            result = _fold(ufunc, result, ax, False, dtype)
        if keepdims:
            result = getitem(result, tuple(None if i in axes else slice(None) for i in range(x.ndim)))
    return _finish(result, out, name)


def _ufunc_accumulate(ufunc: np.ufunc, array: Any, axis: int = 0, dtype: Any = None, out: Any = None) -> Any:
    name = f"np.{ufunc.__name__}.accumulate"
    _binary_ufunc(ufunc, "accumulate")
    x = arg(array)
    if x.ndim == 0:
        raise TypeError("cannot accumulate on a scalar")
    axis = normalize_axis(axis, x.ndim)
    op = _SCAN_OPS.get(ufunc)
    if op is not None:
        result = scan(op, x, axis, dtype)
        result = cast(result, dtype) if dtype is not None else result
    else:
        result = _fold(ufunc, x, axis, True, dtype)
    return _finish(result, out, name)


def _ufunc_outer(ufunc: np.ufunc, A: Any, B: Any, **kwargs: Any) -> Any:
    _binary_ufunc(ufunc, "outer")
    out = kwargs.pop("out", None)
    a, b = arg(A), arg(B)
    result = ufunc(getitem(a, (Ellipsis,) + (None,) * b.ndim), b, **kwargs)
    return _finish(result, out, f"np.{ufunc.__name__}.outer")


def _ufunc_at(ufunc: np.ufunc, a: Any, indices: Any, b: Any = None) -> None:
    name = f"np.{ufunc.__name__}.at"
    if ufunc.nin != 2 or ufunc.nout != 1 or b is None:
        raise NotStageable(f"{name} is supported in graphs for binary ufuncs with a value (np.add.at(x, i, v))")
    if not isinstance(a, Tensor):
        raise NotStageable(not_a_graph_array(name, "updated in place", a))
    if written_scalar(a):
        raise TypeError("first operand must be array")  # (NumPy's: a NumPy scalar is immutable)
    template, inputs = index_template(indices)
    result = bind1("ufunc_at", [a, arg(b), *inputs], ufunc=ufunc.__name__, index=template)
    write_in_place(a, result, name)


def _ufunc_reduceat(ufunc: np.ufunc, array: Any, indices: Any, axis: int = 0, dtype: Any = None,
                    out: Any = None) -> Any:
    """NumPy's reduceat with constant ``indices`` (they decide the shape): the reduce of each slice
    ``[indices[i]:indices[i+1]]`` (the element ``indices[i]`` itself where that slice holds it alone or the next
    index is not larger: a reduce would start from the identity, +0.0 + -0.0), in the dtype NumPy's reduceat
    gives, joined along ``axis``."""
    name = f"np.{ufunc.__name__}.reduceat"
    _binary_ufunc(ufunc, "reduceat")
    starts = np.asarray(static(f"{ufunc.__name__}.reduceat", "indices", indices))
    x = arg(array)
    axis = normalize_axis(axis, x.ndim)
    n = known_dim(f"{ufunc.__name__}.reduceat", x, axis)
    with np.errstate(all="ignore"):  # NumPy's own errors (index dtype, out of bounds) and its result dtype
        standin = probe(x, x.shape[:axis] + (n,) + x.shape[axis + 1:])
        result_dtype = ufunc.reduceat(standin, starts, axis, dtype).dtype
    pieces = []
    for i, start in enumerate(starts.tolist()):
        stop = starts[i + 1] if i + 1 < len(starts) else n
        if ufunc is np.add and stop - start > 1 and np.dtype(result_dtype).kind in "fc":
            pieces.append(_sum_from_first(_slice_along(x, axis, start, stop), axis, np.dtype(result_dtype)))
        elif stop - start > 1:
            pieces.append(_ufunc_reduce(ufunc, _slice_along(x, axis, start, stop), axis, result_dtype, None, True))
        else:
            pieces.append(cast(_slice_along(x, axis, start, start + 1), result_dtype))
    return _finish(bind1("concatenate", [cast(p, result_dtype) for p in pieces], axis=axis), out, name)


def _sum_from_first(segment: Tensor, axis: int, dtype: np.dtype) -> Tensor:
    """A float segment's sum as NumPy's ``add.reduceat`` makes it: its first element plus the pairwise sum of the
    rest (``np.add.reduce`` sums them all pairwise, from 0.0: a different rounding, in 1,335 of 2,000 random
    segments, and +0.0 for a segment of -0.0s, where reduceat keeps -0.0; a complex segment's parts of -0.0 are not
    followed). float16 adds in float32, as NumPy's half loops do, rounding once at the end. Kept with its axis
    (keepdims)."""
    working = np.dtype(np.float32) if dtype == np.float16 else dtype
    part = cast(segment, working)
    first, rest = _slice_along(part, axis, 0, 1), _slice_along(part, axis, 1)
    total = first + reduce("sum", rest, (axis,), True)
    if working.kind == "f":  # (every element -0.0: the sum is -0.0)
        negative_zeros = np.all((part == 0) & np.signbit(part), axis=axis, keepdims=True)
        total = np.where(negative_zeros, np.array(-0.0, working), total)
    return cast(total, dtype)


_UFUNC_METHODS: dict[str, Callable] = {"outer": _ufunc_outer, "reduce": _ufunc_reduce,
                                       "accumulate": _ufunc_accumulate, "at": _ufunc_at,
                                       "reduceat": _ufunc_reduceat}


def _graph_types(values: Sequence[Any]) -> bool:
    return all(isinstance(v, (Tensor, np.ndarray, np.generic)) or stands_for_a_tensor(type(v))
               for v in values if hasattr(v, "__array_ufunc__"))


def ufunc_method(ufunc: np.ufunc, method: str, inputs: tuple, kwargs: dict) -> Any:
    """``np.<ufunc>.<method>(...)`` with a graph tensor among the arguments."""
    impl = _UFUNC_METHODS.get(method)
    if impl is None:
        raise tensor_module.unsupported(f"np.{ufunc.__name__}.{method}")
    if ufunc not in tensor_module.ops.UFUNC_OPS:
        raise tensor_module.unsupported(f"np.{ufunc.__name__}")
    if not _graph_types(list(inputs) + list(kwargs.values())):
        return NotImplemented
    return impl(ufunc, *inputs, **kwargs)


def ufunc_call_with_out(ufunc: np.ufunc, inputs: tuple, kwargs: dict) -> Any:
    """``np.<ufunc>(..., out=t)``: the result, written into ``t`` as NumPy's same_kind cast allows. With
    ``where=mask`` (``np.divide(a, b, out=np.zeros_like(a), where=b != 0)``), only where the mask holds: ``t``
    keeps its own elements elsewhere. (The ufunc is computed everywhere, then selected: NumPy's values, though a
    warning NumPy would skip where the mask is False may show, as a staged ``np.where`` shows it.)"""
    out = kwargs.pop("out")
    outs = out if isinstance(out, tuple) else (out,)
    if len(outs) != 1 or ufunc.nout != 1:
        raise NotStageable(f"np.{ufunc.__name__}: out= is supported in graphs for one output")
    where = kwargs.pop("where", True)
    casting = kwargs.pop("casting", "same_kind")
    result = tensor_module.array_ufunc(ufunc, "__call__", inputs, kwargs)
    if result is NotImplemented:
        return result
    name = f"np.{ufunc.__name__}"
    if where is True:
        return _write_out(outs[0], result, name, casting)
    out_dtype = np.dtype(getattr(outs[0], "dtype", None) or np.asarray(outs[0]).dtype)
    if not np.can_cast(result.dtype, out_dtype, casting):  # (NumPy's check is of the result, not the select)
        raise TypeError(f"{name}: cannot cast the output from {result.dtype!r} to {out_dtype!r} "
                        f"with casting rule {casting!r}")
    kept = np.where(where, cast(result, out_dtype), outs[0])
    return _write_out(outs[0], kept, name, "unsafe")


# --- array methods ------------------------------------------------------------------------------------

class FlatIter:
    """``x.flat`` of a graph tensor: indexing reads the flattened tensor; assignment writes through."""

    __slots__ = ("base",)

    def __init__(self, base: Tensor) -> None:
        self.base = base

    def __getitem__(self, index: Any) -> Tensor:
        return _copy(getitem(_flatten(self.base), index))  # NumPy's flat[...] reads a copy

    def __setitem__(self, index: Any, value: Any) -> None:
        if written_scalar(self.base):
            # A NumPy scalar's .flat iterates over a copy of it: the write reaches nothing, as in NumPy.
            as_tensor(value)
            return
        single = not isinstance(index, (slice, list, tuple, np.ndarray, Tensor)) and np.ndim(index) == 0
        if not isinstance(value, Tensor) and refused_write(self.base.dtype, value, single_flat_item=single):
            return  # (`a.flat[k] = 300` into uint8, np.fill_diagonal's write: NumPy's OverflowError)
        if single and self.base.dtype.kind in "iu":  # a scalar at one position: NumPy's integer, or its ValueError
            value = tensor_module.integer_scalar_write(self.base.dtype, value, flat_item=True)
            if value is tensor_module.REFUSED:
                return
        shape = known_shape("ndarray.flat", self.base)
        flat = _flatten(self.base)
        template, inputs = index_template(index)
        # (An index of plain values selects what NumPy's would: its count is known even for a mask.)
        selected = np.empty(flat.shape, bool)[index].shape if _plain_index(index) else getitem(flat, index).shape
        values = _flat_values(as_tensor(value), selected)
        if values is None:
            return  # (no values: NumPy writes nothing)
        if not single and self.base.dtype.kind in "iu":
            values = cast(values, self.base.dtype)  # (cast as an array is: a scalar kept so would be checked)
        flat = bind1("setitem", [flat, values, *inputs], index=template)
        write_in_place(self.base, reshape(flat, shape), "x.flat[...] = value")

    def __graph_tensor__(self) -> Tensor:
        """What NumPy makes of ``x.flat`` given as an array (``np.asarray(x.flat)``, ``np.cos(x.flat)``): a
        flattened copy of ``x``."""
        return _copy(_flatten(self.base))

    def __array__(self, dtype: Any = None, copy: Any = None) -> np.ndarray:
        # (np.asarray and np.array take no dispatch: they ask for NumPy's array, which a traced tensor has not.)
        raise NotStageable(f"{user_location()}: np.asarray(x.flat) (or np.array, or a NumPy array made of it) of a "
                           f"graph tensor ({self.base.value.type_str}) needs its values, which exist only when the "
                           "graph runs. Write x.ravel() (or x.flatten() for a copy): the same values, as a tensor")

    def __array_ufunc__(self, ufunc: np.ufunc, method: str, *inputs: Any, **kwargs: Any) -> Any:
        return getattr(ufunc, method)(*_flattened(inputs), **dict(zip(kwargs, _flattened(kwargs.values()))))

    def __array_function__(self, func: Any, types: tuple, args: tuple, kwargs: dict) -> Any:
        return func(*_flattened(args), **dict(zip(kwargs, _flattened(kwargs.values()))))

    def __len__(self) -> int:
        size = self.base.size
        if size is None:
            raise TypeError(f"{user_location()}: len(x.flat) of a tensor whose shape is known only at run time")
        return size

    def __iter__(self) -> Any:
        flat = _flatten(self.base)
        return (getitem(flat, i) for i in range(len(self)))

    def __repr__(self) -> str:
        return f"<flatiter of {self.base!r}>"


def _flattened(args: Any) -> list:
    """``args`` with each ``x.flat`` (also inside lists and tuples, as np.concatenate takes them) given as the
    flattened copy NumPy makes of it."""
    return given_as_tensors(args, FlatIter)


def _plain_index(index: Any) -> bool:
    """Whether ``index`` holds no graph value: an int, a slice of ints, a NumPy array, a list of ints or bools."""
    if isinstance(index, slice):
        return all(b is None or type(b) is int or isinstance(b, np.integer) for b in (index.start, index.stop,
                                                                                       index.step))
    if isinstance(index, list):
        return all(type(i) in (int, bool) or isinstance(i, (np.integer, np.bool_)) for i in index)
    return type(index) is int or isinstance(index, (np.integer, np.ndarray))


def _flat_values(value: Tensor, selected: tuple) -> Tensor | None:
    """The values ``x.flat[index] = value`` writes into the ``selected`` positions, as NumPy takes them: ``value``
    flattened, then repeated or cut to the count of positions (``a.flat[:10:3] = [1, 2]`` writes 1, 2, 1, 2);
    None for no values, which NumPy writes nowhere. One position (an integer index) takes a scalar only."""
    if selected == () and value.ndim != 0 and not fills_one_element(value.shape):
        raise ValueError("Error setting single item of array.")  # (NumPy's words: even [3] is refused, from 2.3)
    if value.size == 1:
        return reshape(value, ())
    if value.size == 0:
        return None
    if None in selected or None in value.shape:
        raise NotStageable(f"{user_location()}: x.flat[index] = values with a count of positions or of values known "
                           "only at run time: NumPy repeats or cuts the values to the count, which the graph must "
                           "know while tracing. Write a single value, or index with a slice of known bounds")
    count, size = int(np.prod(selected, dtype=np.int64)), value.size
    values = reshape(value, (size,))
    if size != count:
        values = getitem(values, constant(np.arange(count) % size))
    return reshape(values, selected)


@implements(np.fill_diagonal)
def _fill_diagonal(a: Any, val: Any, wrap: bool = False) -> None:
    """NumPy's own steps (numpy/lib/_index_tricks_impl.py): the main diagonal is every ``step``-th element of
    ``a.flat``, and ``val`` is written there as ``a.flat[...] = val`` writes (repeated to the diagonal's length)."""
    if not isinstance(a, Tensor):
        raise NotStageable(not_a_graph_array("np.fill_diagonal", "written in place", a))
    if a.ndim < 2:
        raise ValueError("array must be at least 2-d")
    shape = known_shape("fill_diagonal", a)
    end = None
    if a.ndim == 2:
        step = shape[1] + 1
        if not wrap:
            end = shape[1] * shape[1]
    else:
        if any(d != shape[0] for d in shape):
            raise ValueError("All dimensions of input must be of equal length")
        step = 1 + int(np.cumprod(shape[:-1]).sum())
    FlatIter(a)[:end:step] = val


_TOLIST_LIMIT = 256  # elements: each is a node of the graph


def _tolist(self: Tensor) -> Any:
    """``x.tolist()``: while tracing, a constant's values are known; any other small tensor's list holds its
    elements as ``x.item()`` gives them, Python numbers known when the graph runs (``PyNumber``)."""
    known = tensor_module.known_value(self)
    if known is not None:
        return known.tolist()
    if self.ndim == 0:
        return self.item()
    if self.size is None or self.size > _TOLIST_LIMIT:
        raise NotStageable(f"{user_location()}: tensor.tolist() of a graph tensor ({self.value.type_str}) with "
                           f"{'a size known only when the graph runs' if self.size is None else 'more than '}"
                           f"{'' if self.size is None else f'{_TOLIST_LIMIT} elements'}: a graph holds each element of "
                           "the list as a value of its own. Keep working on the tensor with NumPy functions and "
                           "indexing, or return it from the function and call .tolist() on the result.")

    def nested(t: Tensor) -> Any:
        return t.item() if t.ndim == 0 else [nested(getitem(t, i)) for i in range(t.shape[0])]
    return nested(self)


def _sort_method(self: Tensor, axis: int = -1, kind: Any = None, order: Any = None, *, stable: Any = None) -> None:
    """``x.sort()`` sorts in place (NumPy's method returns None)."""
    write_in_place(self, _sort(self, axis, kind, order, stable=stable), "x.sort()")


def _clip_method(self: Tensor, min: Any = None, max: Any = None, out: Any = None, **kwargs: Any) -> Any:
    return _clip(self, min, max, out, **kwargs)


def _round_method(self: Tensor, decimals: int = 0, out: Any = None) -> Any:
    return _round(self, decimals, out)


def _scan_method(name: str) -> Callable:
    impl = NUMPY_FUNCTIONS[getattr(np, name)]

    def method(self: Tensor, axis: Optional[int] = None, dtype: Any = None, out: Any = None) -> Any:
        return impl(self, axis, dtype, out)
    method.__name__ = name
    return method


def _squeeze_method(self: Tensor, axis: Any = None) -> Tensor:
    return np.squeeze(self, axis)


def _view_method(self: Tensor, dtype: Any = None, type: Any = None) -> Tensor:  # noqa: A002  (NumPy's names)
    """``x.view()``: another array object over the same elements (a write through it reaches ``x``), as NumPy's; a
    NumPy scalar's is a scalar. ``z.view(np.float64)`` of a complex array is its real and imaginary parts side by
    side along the last axis, as a read-only view: NumPy's shares memory, which a graph write could not reach
    (refused by name). Any other reinterpretation of memory is refused (``f.view(np.complex128)`` too: no op builds
    a complex from its parts, and ``re + 1j * im`` is NaN where ``im`` is infinite)."""
    try:
        target = None if dtype is None else np.dtype(dtype)
    except TypeError:  # (x.view(np.matrix): a class where the dtype goes)
        target = False
    if type is None and (target is None or target == self.dtype):
        return self.reshape(()) if self.ndim == 0 else self[...]
    if type is None and target is not False and self.ndim and self.shape[-1] is not None and self._view is None:
        if self.dtype.kind == "c" and target == np.dtype(f"f{self.dtype.itemsize // 2}"):
            *lead, n = self.shape
            return read_only_view(self, lambda base: reshape(np.stack([np.real(base), np.imag(base)], axis=-1),
                                                             (*lead, 2 * n)), _view_write_refused)
    raise NotStageable(f"{user_location()}: x.view(dtype) / x.view(type) reinterprets an array's memory, which "
                       "graphs do not model (but for a complex array's parts, z.view(np.float64)); x.view() "
                       "(the same elements) and x.astype(dtype) are supported")


def _view_write_refused() -> Exception:
    return NotStageable(f"{user_location()}: a write into z.view(np.float64), which NumPy "
                        "would see in the array it views: the graph's view is the parts computed from it, and cannot "
                        "reach it. Write into the array itself (z.real[i] = v), or into a copy of the view")


def _swapaxes_method(self: Tensor, axis1: int, axis2: int) -> Tensor:
    return np.swapaxes(self, axis1, axis2)


def _trace_method(self: Tensor, offset: int = 0, axis1: int = 0, axis2: int = 1, dtype: Any = None,
                  out: Any = None) -> Any:
    return _finish(np.trace(self, offset, axis1, axis2, dtype), out, "x.trace")


def _array_ufunc(self: Tensor, ufunc: np.ufunc, method: str, *inputs: Any, **kwargs: Any) -> Any:
    """``Tensor.__array_ufunc__`` with ufunc methods and ``out=`` (calls are tensor.array_ufunc's)."""
    if method != "__call__":
        return ufunc_method(ufunc, method, inputs, kwargs)
    if kwargs.get("out") is not None and any(o is not None for o in (
            kwargs["out"] if isinstance(kwargs["out"], tuple) else (kwargs["out"],))):
        return ufunc_call_with_out(ufunc, inputs, kwargs)
    return tensor_module.array_ufunc(ufunc, method, inputs, kwargs)


# ====================================================================================================
# Attached to Tensor (methods tensor.py does not define; clip, cumsum and cumprod are replaced because
# tensor.py's versions take no out=, and __array_ufunc__ is wrapped to add the ufunc methods and out=).
# ====================================================================================================

Tensor.dot = lambda self, b, out=None: _finish(np.dot(self, b), out, "x.dot")
Tensor.conj = Tensor.conjugate = lambda self: np.conjugate(self)
Tensor.sort = _sort_method
Tensor.argsort = lambda self, axis=-1, kind=None, order=None, *, stable=None: _argsort(
    self, axis, kind, order, stable=stable)
Tensor.repeat = lambda self, repeats, axis=None: _repeat(self, repeats, axis)
Tensor.round = _round_method
Tensor.clip = _clip_method
Tensor.cumsum = _scan_method("cumsum")
Tensor.cumprod = _scan_method("cumprod")
Tensor.trace = _trace_method
Tensor.diagonal = lambda self, offset=0, axis1=0, axis2=1: _diagonal(self, offset, axis1, axis2)
Tensor.squeeze = _squeeze_method
Tensor.swapaxes = _swapaxes_method
Tensor.view = _view_method
Tensor.tolist = _tolist
def _set_flat(base: Tensor, value: Any) -> None:
    """``x.flat = v``: NumPy writes ``v`` into every element, repeated as ``x.flat[:] = v`` repeats it."""
    FlatIter(base)[:] = value


Tensor.flat = property(FlatIter, _set_flat, doc="``x.flat``: reads (and writes) the tensor as if flattened.")
Tensor.std = lambda self, *args, **kwargs: np.std(self, *args, **kwargs)
Tensor.var = lambda self, *args, **kwargs: np.var(self, *args, **kwargs)
Tensor.take = lambda self, indices, axis=None, out=None, mode="raise": _finish(
    np.take(self, indices, axis, mode=mode), out, "x.take")
Tensor.searchsorted = lambda self, v, side="left", sorter=None: _searchsorted(self, v, side, sorter)
Tensor.__array_ufunc__ = _array_ufunc
