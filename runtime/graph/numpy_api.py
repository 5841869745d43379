"""NumPy functions on graph tensors, registered in ``tensor.NUMPY_FUNCTIONS``.

``Tensor.__array_function__`` looks a NumPy function up in that table (ufuncs map
to elementwise ops in ``ops.UFUNC_OPS``). Each function is written here in terms
of ops, following NumPy's own definition (so ``np.var`` is a mean, a square and
a sum, as in NumPy); the linear-algebra ones are in ``numpy_linalg``. Anything
else raises a ``TypeError`` naming the function.
"""

from __future__ import annotations

from typing import Any, Callable, Optional

import numpy as np

from runtime.graph import variables
from runtime.graph.shapes import normalize_axes, normalize_axis
from runtime.graph.tensor import (
    NUMPY_FUNCTIONS,
    Tensor,
    apply,
    arg_reduce,
    as_tensor,
    bind1,
    cast,
    clip,
    constant,
    getitem,
    reduce,
    reshape,
    scan,
    transpose,
)
from runtime.graph.tensor import copy as tensor_copy
from runtime.staging import NotStageable, user_location


def _plain(x: Any) -> Any:
    return x.value if isinstance(x, variables.Variable) else x


def implements(*funcs: Callable) -> Callable:
    def register(impl: Callable) -> Callable:
        for func in funcs:
            NUMPY_FUNCTIONS[func] = impl
        return impl
    return register


def reject(name: str, **given: Any) -> None:
    bad = [k for k, v in given.items() if v is not None and v is not True]
    if bad:
        raise NotStageable(f"np.{name}: argument(s) {', '.join(bad)} are not supported in graphs")


def arg(x: Any) -> Tensor:
    return as_tensor(_plain(x))


# --- reductions ---------------------------------------------------------------------------------

def _reduction(op: str) -> Callable:
    def impl(a: Any, axis: Any = None, dtype: Any = None, out: Any = None, keepdims: bool = False,
             initial: Any = None, where: Any = None) -> Tensor:
        reject(op, out=out, initial=initial, where=where)
        return reduce(op, arg(a), axis, keepdims, dtype)
    return impl


def _any_all(op: str) -> Callable:
    def impl(a: Any, axis: Any = None, out: Any = None, keepdims: bool = False, *, where: Any = None) -> Tensor:
        reject(op, out=out, where=where)
        return reduce(op, arg(a), axis, keepdims)
    return impl


for _func, _op in [(np.sum, "sum"), (np.prod, "prod"), (np.max, "max"), (np.amax, "max"), (np.min, "min"),
                   (np.amin, "min")]:
    implements(_func)(_reduction(_op))
implements(np.any)(_any_all("any"))
implements(np.all)(_any_all("all"))


@implements(np.mean)
def _mean(a: Any, axis: Any = None, dtype: Any = None, out: Any = None, keepdims: bool = False, *,
          where: Any = None) -> Tensor:
    reject("mean", out=out, where=where)
    return reduce("mean", arg(a), axis, keepdims, dtype)


NUMPY_FUNCTIONS[np.argmax] = lambda a, axis=None, out=None, *, keepdims=False: arg_reduce(
    "argmax", arg(a), axis, keepdims)
NUMPY_FUNCTIONS[np.argmin] = lambda a, axis=None, out=None, *, keepdims=False: arg_reduce(
    "argmin", arg(a), axis, keepdims)
NUMPY_FUNCTIONS[np.cumsum] = lambda a, axis=None, dtype=None, out=None: scan("cumsum", arg(a), axis, dtype)
NUMPY_FUNCTIONS[np.cumprod] = lambda a, axis=None, dtype=None, out=None: scan("cumprod", arg(a), axis, dtype)


def _count(x: Tensor, axis: Any) -> Any:
    """How many elements a reduction over ``axis`` combines: an int, or a tensor for unknown dims."""
    axes = normalize_axes(axis, x.ndim)
    dims = [x.shape[i] for i in (range(x.ndim) if axes is None else axes)]
    if None not in dims:
        return int(np.prod(dims, dtype=np.int64))
    count = 1
    for i in range(x.ndim) if axes is None else axes:
        count = count * bind1("dim", [x], axis=i)
    return count


def _variance(a: Any, axis: Any = None, dtype: Any = None, out: Any = None, ddof: int = 0,
              keepdims: bool = False, **unsupported_kw: Any) -> Tensor:
    reject("var", out=out, **unsupported_kw)
    x = arg(a)
    centered = x - reduce("mean", x, axis, True, dtype)
    squared = centered * centered if centered.dtype.kind != "c" else (centered * np.conj(centered)).real
    return reduce("sum", squared, axis, keepdims) / (_count(x, axis) - ddof)


NUMPY_FUNCTIONS[np.var] = _variance
NUMPY_FUNCTIONS[np.std] = lambda *args, **kw: np.sqrt(_variance(*args, **kw))


@implements(np.ptp)
def _ptp(a: Any, axis: Any = None, out: Any = None, keepdims: bool = False) -> Tensor:
    return reduce("max", arg(a), axis, keepdims) - reduce("min", arg(a), axis, keepdims)


@implements(np.average)
def _average(a: Any, axis: Any = None, weights: Any = None, returned: bool = False, *,
             keepdims: bool = False) -> Any:
    if weights is None:
        avg, scale = reduce("mean", arg(a), axis, keepdims), _count(arg(a), axis)
    else:
        scale = reduce("sum", arg(weights), axis, keepdims)
        avg = reduce("sum", arg(a) * weights, axis, keepdims) / scale
    return (avg, scale) if returned else avg


@implements(np.count_nonzero)
def _count_nonzero(a: Any, axis: Any = None, *, keepdims: bool = False) -> Tensor:
    return reduce("sum", arg(a) != 0, axis, keepdims)


# --- shapes -------------------------------------------------------------------------------------

NUMPY_FUNCTIONS[np.reshape] = lambda a, shape=None, order="C", *, copy=None: reshape(arg(a), shape)
NUMPY_FUNCTIONS[np.transpose] = lambda a, axes=None: transpose(arg(a), axes)
NUMPY_FUNCTIONS[np.ravel] = lambda a, order="C": reshape(arg(a), (-1,))
NUMPY_FUNCTIONS[np.shape] = lambda a: arg(a).shape
NUMPY_FUNCTIONS[np.ndim] = lambda a: arg(a).ndim
NUMPY_FUNCTIONS[np.astype] = lambda x, dtype, /, *, copy=True, device=None: (  # (a copy even to the same dtype)
    tensor_copy(arg(x)) if copy and np.dtype(dtype) == arg(x).dtype else cast(arg(x), dtype))
NUMPY_FUNCTIONS[np.copy] = lambda a, order="K", subok=False: tensor_copy(arg(a))  # (a write into it stays there)
NUMPY_FUNCTIONS[np.broadcast_to] = lambda array, shape, subok=False: bind1(
    "broadcast_to", [arg(array)], shape=(shape,) if isinstance(shape, int) else tuple(shape))


@implements(np.size)
def _size(a: Any, axis: Optional[int] = None) -> int:
    x = arg(a)
    size = x.size if axis is None else x.shape[axis]
    if size is None:
        raise TypeError("np.size of a tensor with a dimension known only at run time")
    return size


@implements(np.squeeze)
def _squeeze(a: Any, axis: Any = None) -> Tensor:
    x = arg(a)
    axes = tuple(i for i, d in enumerate(x.shape) if d == 1) if axis is None else normalize_axes(axis, x.ndim)
    if any(x.shape[i] not in (1, None) for i in axes):
        raise ValueError("cannot select an axis to squeeze out which has size not equal to one")
    return getitem(x, tuple(0 if i in axes else slice(None) for i in range(x.ndim)))


@implements(np.expand_dims)
def _expand_dims(a: Any, axis: Any) -> Tensor:
    x = arg(a)
    axes = normalize_axes(axis, x.ndim + (1 if isinstance(axis, int) else len(axis)))
    return getitem(x, tuple(None if i in axes else slice(None) for i in range(x.ndim + len(axes))))


@implements(np.swapaxes)
def _swapaxes(a: Any, axis1: int, axis2: int) -> Tensor:
    x = arg(a)
    axes = list(range(x.ndim))
    i, j = normalize_axis(axis1, x.ndim), normalize_axis(axis2, x.ndim)
    axes[i], axes[j] = axes[j], axes[i]
    return transpose(x, axes)


@implements(np.moveaxis)
def _moveaxis(a: Any, source: Any, destination: Any) -> Tensor:
    x = arg(a)
    src = [normalize_axis(s, x.ndim) for s in ((source,) if isinstance(source, int) else source)]
    dst = [normalize_axis(d, x.ndim) for d in ((destination,) if isinstance(destination, int) else destination)]
    order = [n for n in range(x.ndim) if n not in src]
    for d, s in sorted(zip(dst, src)):
        order.insert(d, s)
    return transpose(x, order)


def _atleast(ndim: int) -> Callable:
    def one(a: Any) -> Tensor:
        x = arg(a)
        if x.ndim >= ndim:
            return x
        return getitem(x, (None,) * (ndim - x.ndim) + (Ellipsis,)) if ndim == 1 or x.ndim == 0 else x[None]
    return lambda *arys: one(arys[0]) if len(arys) == 1 else tuple(one(a) for a in arys)


NUMPY_FUNCTIONS[np.atleast_1d] = _atleast(1)
NUMPY_FUNCTIONS[np.atleast_2d] = _atleast(2)


@implements(np.flip)
def _flip(m: Any, axis: Any = None) -> Tensor:
    x = arg(m)
    axes = normalize_axes(axis, x.ndim) or range(x.ndim)
    return getitem(x, tuple(slice(None, None, -1) if i in axes else slice(None) for i in range(x.ndim)))


@implements(np.concatenate)
def _concatenate(arrays: Any, axis: Optional[int] = 0, out: Any = None, *, dtype: Any = None,
                 casting: str = "same_kind") -> Tensor:
    reject("concatenate", out=out)
    tensors = [arg(a) if dtype is None else cast(_plain(a), dtype) for a in arrays]
    if axis is None:
        tensors, axis = [reshape(t, (-1,)) for t in tensors], 0
    return bind1("concatenate", tensors, axis=normalize_axis(axis, tensors[0].ndim))


@implements(np.stack)
def _stack(arrays: Any, axis: int = 0, out: Any = None, *, dtype: Any = None, casting: str = "same_kind") -> Tensor:
    reject("stack", out=out)
    tensors = [arg(a) if dtype is None else cast(_plain(a), dtype) for a in arrays]
    return bind1("stack", tensors, axis=normalize_axis(axis, tensors[0].ndim + 1))


@implements(np.hstack)
def _hstack(tup: Any, *, dtype: Any = None, casting: str = "same_kind") -> Tensor:
    arrays = [_atleast(1)(a) for a in tup]
    return _concatenate(arrays, 0 if arrays[0].ndim == 1 else 1, dtype=dtype)


@implements(np.vstack)
def _vstack(tup: Any, *, dtype: Any = None, casting: str = "same_kind") -> Tensor:
    return _concatenate([_atleast(2)(a) for a in tup], 0, dtype=dtype)


# --- selection and elementwise helpers -----------------------------------------------------------

# --- dtype predicates: answered while tracing from the tensor's dtype -----------------------------

NUMPY_FUNCTIONS[np.iscomplexobj] = lambda x: arg(x).dtype.kind == "c"
NUMPY_FUNCTIONS[np.isrealobj] = lambda x: arg(x).dtype.kind != "c"


@implements(np.block)
def _block(arrays: Any) -> Tensor:
    """NumPy's ``np.block``: the innermost lists join along the last axis, the next ones along the
    axis before, ... after each piece is given as many dimensions as the result (leading ones)."""
    def depth(x: Any) -> int:
        if isinstance(x, tuple):
            raise TypeError("arrays is a tuple. Only lists can be used to arrange blocks, and np.block does "
                            "not allow implicit conversion from tuple to ndarray.")
        if isinstance(x, list):
            if not x:
                raise ValueError("List at arrays cannot be empty")
            depths = {depth(item) for item in x}
            if len(depths) != 1:
                raise ValueError("List depths are mismatched")
            return depths.pop() + 1
        return 0

    list_depth = depth(arrays)
    leaves: list = []

    def collect(x: Any) -> None:
        if isinstance(x, list):
            for item in x:
                collect(item)
        else:
            leaves.append(arg(x))
    collect(arrays)
    ndim = max(list_depth, *(t.ndim for t in leaves))

    def join(x: Any, level: int) -> Tensor:
        if not isinstance(x, list):
            t = arg(x)
            return reshape(t, (1,) * (ndim - t.ndim) + t.shape) if t.ndim < ndim else t
        return np.concatenate([join(item, level + 1) for item in x], axis=-(list_depth - level))
    return join(arrays, 0)


def data_dependent(what: str, instead: str) -> NotStageable:
    """The error for a NumPy function whose output shape depends on the values (a graph's shapes are
    fixed while tracing)."""
    return NotStageable(f"{user_location()}: {what} has a data-dependent shape: its size is known only at run "
                        f"time, and a graph fixes every shape while tracing. Use {instead}. (Or call NumPy at run "
                        "time through autograph.numpy_function(fn, x, output_spec=autograph.TensorSpec([None], "
                        "dtype)), on the NumPy executor: docs/numpy_function.md.)")


def _data_dependent(name: str, instead: str) -> Callable:
    def impl(*args: Any, **kwargs: Any) -> Tensor:
        raise data_dependent(f"np.{name}", instead)
    return impl


_MASKED = "np.where(mask, x, fill) (same shape), or compute on the whole array and mask the result"
for _func, _instead in [
    (np.unique, "np.sort(x) and a mask of first occurrences (s[1:] != s[:-1]) of fixed size, or "
                "np.bincount(x, minlength=n) to count values in range(n)"),
    (np.nonzero, _MASKED), (np.flatnonzero, _MASKED), (np.argwhere, _MASKED), (np.extract, _MASKED),
    (np.compress, _MASKED),
    (np.intersect1d, "np.isin(a, b) as a mask of a, which keeps a's shape"),
    (np.setdiff1d, "~np.isin(a, b) as a mask of a, which keeps a's shape"),
    (np.union1d, "np.concatenate and np.sort, then a mask of first occurrences"),
    (np.trim_zeros, "a mask of the zeros, or slicing with bounds known while tracing"),
]:
    NUMPY_FUNCTIONS.setdefault(_func, _data_dependent(_func.__name__, _instead))

@implements(np.where)
def _where(condition: Any, x: Any = None, y: Any = None) -> Tensor:
    if x is None or y is None:
        raise data_dependent("np.where(condition) with one argument (the indices where it holds, as np.nonzero)",
                             "np.where(condition, x, fill) to choose elementwise, or np.sum(condition) to count")
    cond = cast(_plain(condition), bool)
    return apply("where", cond, _plain(x), _plain(y))


@implements(np.take)
def _take(a: Any, indices: Any, axis: Optional[int] = None, out: Any = None, mode: str = "raise") -> Tensor:
    reject("take", out=out)
    x = arg(a)
    return bind1("take", [x, arg(indices)], axis=None if axis is None else normalize_axis(axis, x.ndim),
                         mode=mode)


NUMPY_FUNCTIONS[np.clip] = lambda a, a_min=None, a_max=None, out=None, *, min=None, max=None: clip(
    arg(a), _plain(a_min if min is None else min), _plain(a_max if max is None else max))
NUMPY_FUNCTIONS[np.sort] = lambda a, axis=-1, kind=None, order=None, *, stable=None: bind1(
    "sort", [arg(a)], axis=None if axis is None else normalize_axis(axis, arg(a).ndim))
NUMPY_FUNCTIONS[np.argsort] = lambda a, axis=-1, kind=None, order=None, *, stable=None: bind1(
    "argsort", [arg(a)], axis=None if axis is None else normalize_axis(axis, arg(a).ndim))


@implements(np.diff)
def _diff(a: Any, n: int = 1, axis: int = -1) -> Tensor:
    x = arg(a)
    axis = normalize_axis(axis, x.ndim)
    for _ in range(n):
        head = getitem(x, (slice(None),) * axis + (slice(1, None),))
        tail = getitem(x, (slice(None),) * axis + (slice(None, -1),))
        x = head != tail if x.dtype == np.bool_ else head - tail
    return x


@implements(np.isclose)
def _isclose(a: Any, b: Any, rtol: float = 1e-05, atol: float = 1e-08, equal_nan: bool = False) -> Tensor:
    x, y = arg(a), arg(b)
    if y.dtype.kind not in "fc":
        y = cast(y, np.result_type(y.dtype, 1.0))
    close = (abs(x - y) <= atol + rtol * abs(y)) & np.isfinite(y) | (x == y)
    return close | (np.isnan(x) & np.isnan(y)) if equal_nan else close


NUMPY_FUNCTIONS[np.allclose] = lambda a, b, rtol=1e-05, atol=1e-08, equal_nan=False: reduce(
    "all", _isclose(a, b, rtol, atol, equal_nan))


@implements(np.array_equal)
def _array_equal(a1: Any, a2: Any, equal_nan: bool = False) -> Any:
    x, y = arg(a1), arg(a2)
    if x.ndim != y.ndim or any(p is not None and q is not None and p != q for p, q in zip(x.shape, y.shape)):
        return constant(False)
    return reduce("all", x == y)


# --- creation ------------------------------------------------------------------------------------

def _filled(name: str, fill: Any) -> Callable:
    def impl(a: Any, fill_value: Any = fill, dtype: Any = None, order: str = "K", subok: bool = True,
             shape: Any = None, *, device: Any = None) -> Tensor:
        reject(name, shape=shape, device=device)
        x = arg(a)
        dtype = np.dtype(x.dtype if dtype is None else dtype)
        value = np.array(fill_value, dtype=dtype)
        if None not in x.shape:
            return bind1("full", [], shape=x.shape, fill_value=value, dtype=dtype)
        return bind1("full_like", [x], fill_value=value, dtype=dtype)
    return impl


NUMPY_FUNCTIONS[np.zeros_like] = lambda a, dtype=None, order="K", subok=True, shape=None, **kw: _filled(
    "zeros_like", 0)(a, 0, dtype, shape=shape, **kw)
NUMPY_FUNCTIONS[np.ones_like] = lambda a, dtype=None, order="K", subok=True, shape=None, **kw: _filled(
    "ones_like", 1)(a, 1, dtype, shape=shape, **kw)
NUMPY_FUNCTIONS[np.empty_like] = NUMPY_FUNCTIONS[np.zeros_like]
NUMPY_FUNCTIONS[np.full_like] = _filled("full_like", None)


@implements(np.linspace)
def _linspace(start: Any, stop: Any, num: int = 50, endpoint: bool = True, retstep: bool = False,
              dtype: Any = None, axis: int = 0, *, device: Any = None) -> Any:
    lo, hi = arg(start), arg(stop)
    if lo.ndim or hi.ndim:
        raise NotStageable("np.linspace is supported in graphs for scalar start and stop only")
    div = num - 1 if endpoint else num
    delta = cast(hi - lo, np.result_type(lo.dtype, hi.dtype, float))
    step = delta / div if div > 0 else delta * np.nan
    ramp = bind1("arange", [], start=0, stop=num, step=1, dtype=np.dtype(np.int64))
    y = ramp * step + lo
    if endpoint and num > 1:
        y = _concatenate([y[:-1], reshape(cast(hi, y.dtype), (1,))])
    y = y if dtype is None else cast(y, dtype)
    return (y, step) if retstep else y

