"""NumPy functions on graph tensors, registered in ``tensor.NUMPY_FUNCTIONS``.

``Tensor.__array_function__`` looks a NumPy function up in that table (ufuncs map
to elementwise ops in ``ops.UFUNC_OPS``). Each function is written here in terms
of ops, following NumPy's own definition (so ``np.var`` is a mean, a square and
a sum, as in NumPy); the linear-algebra ones are in ``numpy_linalg``. Anything
else raises a ``TypeError`` naming the function.
"""

from __future__ import annotations

import warnings
from typing import Any, Callable, Optional

import numpy as np

from runtime.carry import holds
from runtime.graph import variables
from runtime.graph.asked import answer
from runtime.graph.shapes import normalize_axes, normalize_axis
from runtime.graph.tensor import (
    NUMPY_FUNCTIONS,
    PyNumber,
    Tensor,
    apply,
    arg_reduce,
    as_tensor,
    bind1,
    cast,
    constant,
    getitem,
    laid_out_like,
    reduce,
    reshape,
    reshape_in_order,
    transpose,
    user_shape,
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

_REDUCTION_UFUNCS = {"sum": np.add, "prod": np.multiply, "max": np.maximum, "min": np.minimum}


def _reduction(op: str) -> Callable:
    def impl(a: Any, axis: Any = None, dtype: Any = None, out: Any = None, keepdims: bool = False,
             initial: Any = None, where: Any = True) -> Tensor:
        reject(op, out=out)
        x = arg(a)
        if where is not True:
            mask = _where_mask(op, x, where, axis=axis, dtype=dtype, keepdims=keepdims, initial=initial)
            if op in ("max", "min"):  # (NumPy has checked that initial is given: the masked elements become it)
                fill = _plain(initial)
                fill = cast(fill, x.dtype) if isinstance(fill, Tensor) else constant(x.dtype.type(fill))
            else:
                fill = constant(np.zeros((), x.dtype) if op == "sum" else np.ones((), x.dtype))
            x = apply("where", mask, x, fill)
        if initial is not None:
            return _with_initial(op, x, axis, dtype, keepdims, initial)
        return reduce(op, x, axis, keepdims, dtype)
    return impl


_WHERE_FUNCTIONS = {"sum": np.sum, "prod": np.prod, "max": np.max, "min": np.min, "any": np.any, "all": np.all,
                    "mean": np.mean}


def _where_mask(op: str, x: Tensor, where: Any, **kwargs: Any) -> Tensor:
    """A reduction's ``where=`` mask, broadcast to ``x``'s shape. NumPy's own reduction on zero-stride stand-ins
    of ``x`` and the mask (and of a tensor ``initial``) checks the arguments first, with NumPy's errors: a mask
    that is not boolean or does not broadcast to ``x``, max / min without ``initial``."""
    where = _plain(where)
    mask = where if isinstance(where, Tensor) else constant(np.asarray(where))
    if None in x.shape or None in mask.shape:
        raise NotStageable(f"np.{op}: where= needs the shapes of the array ({x.value.type_str}) and of the mask "
                           f"({mask.value.type_str}) while tracing; give the function an input_signature with "
                           "those dimensions known")
    initial = _plain(kwargs.get("initial"))
    if isinstance(initial, Tensor):
        kwargs["initial"] = probe(initial)[()]
    kwargs = {k: v for k, v in kwargs.items() if v is not None}  # (initial=None would mean no initial value)
    with np.errstate(all="ignore"), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        _WHERE_FUNCTIONS[op](probe(x), where=probe(mask), **kwargs)
    return mask if mask.shape == x.shape else bind1("broadcast_to", [mask], shape=x.shape)


def _with_initial(op: str, x: Tensor, axis: Any, dtype: Any, keepdims: bool, initial: Any) -> Tensor:
    """NumPy's ``ufunc.reduce(x, axis, dtype, None, keepdims, initial)``: the reduction, then the initial
    value (cast to the reduction's dtype, as NumPy casts it: 2.5 into int32 is 2, 2**40 overflows) combined
    with it by the ufunc. NumPy's loop starts from the initial value: for ``max`` / ``min`` the value is the
    same (associative, NaN-propagating); float ``sum`` / ``prod`` agree to rounding (integers exactly). An
    empty max / min is the ufunc's reduce (numpy_array), which starts from the initial value as NumPy."""
    ufunc = _REDUCTION_UFUNCS[op]
    axes = normalize_axes(axis, x.ndim)
    dims = [x.shape[i] for i in (range(x.ndim) if axes is None else axes)]
    if op in ("max", "min") and (None in dims or 0 in dims):
        return ufunc.reduce(x, axis, dtype, None, keepdims, initial)
    result = reduce(op, x, axes, keepdims, dtype)
    value = _plain(initial)
    start = cast(value, result.dtype) if isinstance(value, Tensor) else constant(result.dtype.type(value))
    return ufunc(start, result)


def _any_all(op: str) -> Callable:
    def impl(a: Any, axis: Any = None, out: Any = None, keepdims: bool = False, *, where: Any = True) -> Tensor:
        reject(op, out=out)
        x = arg(a)
        if where is not True:
            mask = _where_mask(op, x, where, axis=axis, keepdims=keepdims)
            x = apply("where", mask, x, constant(np.zeros((), x.dtype) if op == "any" else np.ones((), x.dtype)))
        return reduce(op, x, axis, keepdims)
    return impl


def _extremum(op: str) -> Callable:
    # NumPy's max / min take no dtype: (a, axis, out, keepdims, initial, where), positionally too.
    def impl(a: Any, axis: Any = None, out: Any = None, keepdims: bool = False, initial: Any = None,
             where: Any = True) -> Tensor:
        return sum_like(a, axis, None, out, keepdims, initial, where)
    sum_like = _reduction(op)
    return impl


for _func, _op in [(np.sum, "sum"), (np.prod, "prod")]:
    implements(_func)(_reduction(_op))
for _func, _op in [(np.max, "max"), (np.amax, "max"), (np.min, "min"), (np.amin, "min")]:
    implements(_func)(_extremum(_op))
implements(np.any)(_any_all("any"))
implements(np.all)(_any_all("all"))


# ndarray's reduction methods take NumPy's arguments, in NumPy's order (x.max(0, None, True), initial=, where=).
def _reduction_method(func: Callable, name: str) -> Callable:
    def method(self: Tensor, *args: Any, **kwargs: Any) -> Tensor:
        # (`.get`, as array_function reads: the table's own read marks an entry an extension may replace, and a
        # call of x.sum() must not let a second registration of np.sum through)
        return NUMPY_FUNCTIONS.get(func)(self, *args, **kwargs)
    method.__name__ = method.__qualname__ = name
    return method


for _func, _name in [(np.sum, "sum"), (np.prod, "prod"), (np.max, "max"), (np.min, "min"), (np.any, "any"),
                     (np.all, "all")]:
    setattr(Tensor, _name, _reduction_method(_func, _name))


@implements(np.mean)
def _mean(a: Any, axis: Any = None, dtype: Any = None, out: Any = None, keepdims: bool = False, *,
          where: Any = True) -> Tensor:
    reject("mean", out=out)
    if where is not True:
        return _masked_mean(arg(a), axis, dtype, keepdims, where)
    if dtype is not None and (np.dtype(dtype).kind in "biu" or np.dtype(dtype) == np.float16):
        # NumPy sums in that dtype (wrapping), divides, and casts the quotient back (truncating): np.mean(int8s,
        # dtype=np.int8) of three 100s is int8(300 - 256) / 3 -> 14. A float16 dtype= too: its sum is float16 (inf
        # past 65504), where the mean of float16 values without one sums in float32.
        x = arg(a)
        return _divided_into(reduce("sum", x, axis, keepdims, dtype), _count(x, axis))
    return reduce("mean", arg(a), axis, keepdims, dtype)


def _masked_mean(x: Tensor, axis: Any, dtype: Any, keepdims: bool, where: Any) -> Tensor:
    """NumPy's ``_methods._mean`` with a mask: the masked sum (in float64 for integers and booleans, float32 for
    float16) divided by the count of the mask's elements per slice (an intp), in the sum's dtype (NumPy's
    ``true_divide(..., out=ret, casting="unsafe")``), float16 cast back. An empty slice is NaN; NumPy's
    "Mean of empty slice" warning, which depends on the mask's values, is not issued."""
    mask = _where_mask("mean", x, where, axis=axis, dtype=dtype, keepdims=keepdims)
    half = dtype is None and x.dtype == np.float16
    if dtype is None and x.dtype.kind in "biu":
        dtype = np.float64
    elif half:
        dtype = np.float32
    total = reduce("sum", apply("where", mask, x, constant(np.zeros((), x.dtype))), axis, keepdims, dtype)
    count = reduce("sum", cast(mask, np.intp), axis, keepdims)
    result = cast(total / count, total.dtype)
    return cast(result, np.float16) if half else result


def _mean_method(self: Tensor, axis: Any = None, dtype: Any = None, out: Any = None, keepdims: bool = False, *,
                 where: Any = True) -> Tensor:
    return _mean(self, axis, dtype, out, keepdims, where=where)


_mean_method.__name__ = "mean"
Tensor.mean = _mean_method  # (ndarray.mean's arguments, and np.mean's integer dtype rule)


NUMPY_FUNCTIONS[np.argmax] = lambda a, axis=None, out=None, *, keepdims=False: reject("argmax", out=out) or arg_reduce(
    "argmax", arg(a), axis, keepdims)
NUMPY_FUNCTIONS[np.argmin] = lambda a, axis=None, out=None, *, keepdims=False: reject("argmin", out=out) or arg_reduce(
    "argmin", arg(a), axis, keepdims)


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
    """NumPy's ``_methods._var``: the mean as a sum in ``dtype`` (float64 for integers and booleans; a float16 array's
    in float16, not np.mean's float32) divided into it, the squares of the deviations summed in ``dtype`` too, and
    divided into that sum by ``max(count - ddof, 0)``."""
    reject("var", out=out, **unsupported_kw)
    x = arg(a)
    if dtype is None and x.dtype.kind in "biu":
        dtype = np.float64
    count = _count(x, axis)
    centered = x - _divided_into(reduce("sum", x, axis, True, dtype), count)
    squared = centered * centered if centered.dtype.kind != "c" else (centered * np.conj(centered)).real
    count = count - ddof
    # NumPy divides by max(count - ddof, 0): a ddof past the count is inf (0 / 0 NaN), not a negative variance.
    count = max(count, 0) if isinstance(count, (int, np.integer)) else np.maximum(count, 0)
    return _divided_into(reduce("sum", squared, axis, keepdims, dtype), count)


def _divided_into(total: Tensor, count: Any) -> Tensor:
    """``total / count`` in the sum's own dtype, as NumPy divides (``true_divide(..., out=ret, casting="unsafe")``): a
    float32 sum stays float32 when the count is an int64 known only at run time (x[mask]), whose division runs in
    float64; an int8 ``dtype=`` gives an int8 quotient."""
    quotient = total / count
    return quotient if quotient.dtype == total.dtype else cast(quotient, total.dtype)


def _standard_deviation(a: Any, axis: Any = None, dtype: Any = None, out: Any = None, ddof: int = 0,
                        keepdims: bool = False, **kw: Any) -> Tensor:
    """NumPy's ``_std``: the square root of the variance, into the variance's own array (``sqrt(ret, out=ret)``), so
    an integer ``dtype=`` is NumPy's error for an array result, and the root cast to that dtype for a scalar one."""
    variance = _variance(a, axis, dtype, out, ddof, keepdims, **kw)
    if variance.dtype.kind not in "biu":
        return np.sqrt(variance)
    if variance.ndim:  # NumPy's own error, of its own class (UFuncTypeError), raised by NumPy on a stand-in
        np.std(np.zeros((2, 2), arg(a).dtype), axis=0, dtype=dtype, keepdims=True)
        raise NotStageable(f"{user_location()}: np.std(..., dtype={np.dtype(dtype)}) of an array result: NumPy's "
                           "square root into an integer array is refused by NumPy's casting rule")
    return cast(np.sqrt(variance), variance.dtype)


NUMPY_FUNCTIONS[np.var] = _variance
NUMPY_FUNCTIONS[np.std] = _standard_deviation


@implements(np.count_nonzero)
def _count_nonzero(a: Any, axis: Any = None, *, keepdims: bool = False) -> Tensor:
    return reduce("sum", arg(a) != 0, axis, keepdims)


# --- shapes -------------------------------------------------------------------------------------

NUMPY_FUNCTIONS[np.reshape] = lambda a, shape=None, order="C", *, copy=None: reshape_in_order(arg(a), shape, order,
                                                                                              copy)
NUMPY_FUNCTIONS[np.transpose] = lambda a, axes=None: transpose(arg(a), axes)
NUMPY_FUNCTIONS[np.ravel] = lambda a, order="C": reshape_in_order(arg(a), (-1,), order, name="ravel")
NUMPY_FUNCTIONS[np.shape] = lambda a: user_shape(arg(a))  # (unknown dims as PyNumbers: the user's code reads them)
NUMPY_FUNCTIONS[np.ndim] = lambda a: arg(a).ndim


def probe(x: Tensor, shape: Optional[tuple] = None) -> np.ndarray:
    """A zero-stride NumPy array of ``x``'s dtype and shape (unknown dims as 1), for letting NumPy
    itself validate arguments with its own error messages, at no memory cost."""
    shape = tuple(1 if d is None else d for d in (x.shape if shape is None else shape))
    return np.broadcast_to(np.zeros((), x.dtype), shape)


def _indices_from(func: Callable) -> Callable:
    """``np.triu_indices_from(x)`` and its kin read only ``x``'s shape: NumPy's own answer (constant index arrays,
    and its errors) for a stand-in of that shape, which allocates nothing."""
    def indices(arr: Any, *args: Any, **kwargs: Any) -> Any:
        x = arg(arr)
        if None in x.shape:
            raise NotStageable(f"np.{func.__name__} needs the shape of its argument while tracing, but the tensor is "
                               f"{x.value.type_str} (a dimension known only at run time); give the function an "
                               f"input_signature with that dimension known")
        return func(probe(x), *args, **kwargs)
    return indices


for _func in (np.triu_indices_from, np.tril_indices_from, np.diag_indices_from):
    NUMPY_FUNCTIONS[_func] = _indices_from(_func)


NUMPY_FUNCTIONS[np.astype] = lambda x, dtype, /, *, copy=True, device=None: (  # (a copy even to the same dtype)
    tensor_copy(arg(x)) if copy and np.dtype(dtype) == arg(x).dtype else cast(arg(x), dtype))


@implements(np.copy)
def _np_copy(a: Any, order: str = "K", subok: bool = False) -> Tensor:
    x = arg(a)
    made = tensor_copy(laid_out_like(x, x, order))  # (a write into it stays there; in NumPy's layout)
    made._array = True  # (np.copy makes an array: of a NumPy scalar, a 0-d one)
    return made


_PYTHON_NUMBER = {"b": False, "i": 0, "f": 0.0, "c": 0j}


@implements(np.result_type)
def _result_type(*arrays_and_dtypes: Any) -> np.dtype:
    """The dtype NumPy's promotion gives, which the tensors' dtypes fix while tracing: a tensor stands for an
    array or a NumPy scalar of its dtype (both strongly typed under NumPy 2's rules), a ``PyNumber`` for the
    Python number it is (weakly typed: ``np.result_type(np.int8, n)`` is int8)."""
    return np.result_type(*(_PYTHON_NUMBER[a.dtype.kind] if type(a) is PyNumber else a.dtype
                            if isinstance(a, Tensor) else a for a in arrays_and_dtypes))


@implements(np.size)
def _size(a: Any, axis: Optional[int] = None) -> Any:
    dims = user_shape(arg(a))
    if axis is not None:
        return dims[axis]
    size: Any = 1
    for d in dims:
        size = size * d
    return size


@implements(np.squeeze)
def _squeeze(a: Any, axis: Any = None) -> Tensor:
    x = arg(a)
    if x.ndim == 0 and axis in (None, ()):
        return x.reshape(())  # (NumPy's a.squeeze(): a view of a 0-d array, a NumPy scalar of a scalar)
    axes = tuple(i for i, d in enumerate(x.shape) if d == 1) if axis is None else normalize_axes(axis, x.ndim)
    if any(x.shape[i] not in (1, None) for i in axes):
        raise ValueError("cannot select an axis to squeeze out which has size not equal to one")
    if not axes:  # nothing to squeeze out: NumPy returns the array itself (`np.squeeze(x) is x`), not a view
        return x
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


@implements(np.rollaxis)
def _rollaxis(a: Any, axis: int, start: int = 0) -> Tensor:
    """NumPy's ``rollaxis``: ``axis`` moved to stand before ``start``. The order of the axes, and NumPy's
    errors for a bad ``axis`` or ``start``, are NumPy's own function's, on a stand-in of the same rank whose
    dim ``i`` is ``i + 1`` long (a broadcast zero: no memory), read back from the shape it gives."""
    x = arg(a)
    stand_in = np.broadcast_to(np.zeros((), np.int8), tuple(range(1, x.ndim + 1)))
    return transpose(x, [dim - 1 for dim in np.rollaxis(stand_in, axis, start).shape])


def _atleast(ndim: int) -> Callable:
    def one(a: Any) -> Tensor:
        x = arg(a)
        if x.ndim >= ndim:
            return x
        return getitem(x, (None,) * (ndim - x.ndim) + (Ellipsis,)) if ndim == 1 or x.ndim == 0 else x[None]
    return lambda *arys: one(arys[0]) if len(arys) == 1 else tuple(one(a) for a in arys)


NUMPY_FUNCTIONS[np.atleast_1d] = _atleast(1)
NUMPY_FUNCTIONS[np.atleast_2d] = _atleast(2)


@implements(np.concatenate)
def _concatenate(arrays: Any, axis: Optional[int] = 0, out: Any = None, *, dtype: Any = None,
                 casting: str = "same_kind") -> Tensor:
    reject("concatenate", out=out)
    _check_casting(arrays, dtype, casting)
    tensors = [arg(a) if dtype is None else cast(_plain(a), dtype) for a in arrays]
    if axis is None:
        tensors, axis = [reshape(t, (-1,)) for t in tensors], 0
    return bind1("concatenate", tensors, axis=normalize_axis(axis, tensors[0].ndim))


def _check_casting(arrays: Any, dtype: Any, casting: str) -> None:
    """NumPy's own TypeError (or ValueError) where ``casting`` forbids casting the inputs to the result's dtype
    (``dtype=``, or the one they promote to): asked of NumPy, on one item of each input's dtype."""
    if casting == "same_kind" and dtype is None:
        return  # (promotion is always a same-kind cast)
    dtypes = [arg(a).dtype for a in arrays]
    np.concatenate([np.zeros(1, d) for d in dtypes], dtype=dtype, casting=casting)


@implements(np.stack)
def _stack(arrays: Any, axis: int = 0, out: Any = None, *, dtype: Any = None, casting: str = "same_kind") -> Tensor:
    reject("stack", out=out)
    _check_casting(arrays, dtype, casting)
    tensors = [arg(a) if dtype is None else cast(_plain(a), dtype) for a in arrays]
    return bind1("stack", tensors, axis=normalize_axis(axis, tensors[0].ndim + 1))


@implements(np.hstack)
def _hstack(tup: Any, *, dtype: Any = None, casting: str = "same_kind") -> Tensor:
    arrays = [_atleast(1)(a) for a in tup]
    return _concatenate(arrays, 0 if arrays[0].ndim == 1 else 1, dtype=dtype, casting=casting)


@implements(np.vstack)
def _vstack(tup: Any, *, dtype: Any = None, casting: str = "same_kind") -> Tensor:
    return _concatenate([_atleast(2)(a) for a in tup], 0, dtype=dtype, casting=casting)


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


@implements(np.where)
def _where(condition: Any, x: Any = None, y: Any = None) -> Tensor:
    if x is None and y is None:  # NumPy's own definition: asarray(condition).nonzero()
        return np.nonzero(_plain(condition))
    if x is None or y is None:
        raise ValueError("either both or neither of x and y should be given")
    cond = cast(_plain(condition), bool)
    x, y = _plain(x), _plain(y)
    if type(x) in _NUMBERS and type(y) in _NUMBERS and not all(holds(np.dtype(np.int64), v) for v in (x, y)):
        # Two Python numbers, one an int beyond int64: NumPy's choice of their dtype, and each as NumPy casts it into
        # that (np.where(c, 2**63, -1) is int64 in NumPy 2.4, wrapped), or its error, raised now.
        return apply("where", cond, *answer(lambda: (np.where(True, x, y), np.where(False, x, y))))
    return apply("where", cond, _where_choice(x, y), _where_choice(y, x))


_NUMBERS = (bool, int, float, complex)


def _where_choice(value: Any, other: Any) -> Any:
    """A choice of ``np.where`` as NumPy takes it: a Python int the other choice's integer dtype cannot hold is cast
    into it without a word (``np.where(c, x_u8, 300)`` holds 44 where c is False), where next to the array in an
    operator it would be NumPy's OverflowError. Asked of the NumPy installed (its error, raised now, if it has one:
    2 ** 70)."""
    dtype = getattr(other, "dtype", None)
    if type(value) is not int or dtype is None or type(other) in (bool, int, float, complex) or np.dtype(
            dtype).kind not in "iu" or holds(np.dtype(dtype), value):
        return value
    return answer(lambda: np.where(False, np.zeros((), dtype), value))


@implements(np.take)
def _take(a: Any, indices: Any, axis: Optional[int] = None, out: Any = None, mode: str = "raise") -> Tensor:
    reject("take", out=out)
    x = arg(a)
    return bind1("take", [x, arg(indices)], axis=None if axis is None else normalize_axis(axis, x.ndim),
                         mode=mode)


@implements(np.array_equal)
def _array_equal(a1: Any, a2: Any, equal_nan: bool = False) -> Any:
    """A Python bool, as NumPy's: ``False`` while tracing where the shapes differ, else one known when the graph
    runs (a ``PyNumber``)."""
    x, y = arg(a1), arg(a2)
    if x.ndim != y.ndim or any(p is not None and q is not None and p != q for p, q in zip(x.shape, y.shape)):
        return False
    if equal_nan and (x.dtype.kind in "fc" or y.dtype.kind in "fc"):  # a NaN equals a NaN (complex: any part NaN)
        return PyNumber.of(reduce("all", (x == y) | (apply("isnan", x) & apply("isnan", y))))
    return PyNumber.of(reduce("all", x == y))
