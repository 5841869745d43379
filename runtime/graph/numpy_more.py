"""More of NumPy's functions in graphs, each written in existing ops following NumPy's own code
(numpy/_core/fromnumeric.py, multiarray.py, numpy/lib/_function_base_impl.py, _type_check_impl.py,
_histograms_impl.py), so values, dtypes and errors are NumPy's:

* ``can_cast``, ``promote_types``: answered while tracing from the dtypes (a tensor stands for an array of its
  dtype, as in ``np.result_type``).
* ``resize(a, new_shape)``: the flattened data repeated (a gather of constant positions); ``new_shape`` constant.
* ``lexsort(keys, axis)``: one stable argsort per key, the last key first; the keys' count known while tracing.
* ``sort_complex``: ``np.sort`` and NumPy's cast to complex; ``real_if_close``: real input is itself; complex
  input is refused (NumPy's result dtype depends on the values).
* ``unwrap(p, discont, axis, period)``: NumPy's code, its ``copyto(..., where=)`` as ``np.where``.
* ``piecewise(x, condlist, funclist)``: each function given ``x[cond]`` (a length known at run time) in a staged
  ``if`` on ``np.any(cond)`` (NumPy calls it only for a selection that is not empty), its result written back with
  ``y[cond] = ...``; constants written with the mask.
* ``histogram_bin_edges``: the edges ``np.histogram`` computes (a constant count or constant edges).
* ``copyto``, ``put``, ``place``, ``putmask``: writes into a graph array (``assign_in_place``), NumPy's checks
  first on a scratch array of the same shape and dtype (its errors, its messages); the values cycled as
  NumPy cycles them.
"""

from __future__ import annotations

import collections.abc
import warnings
from functools import partial
from typing import Any

import numpy as np

from runtime.graph.control_flow import if_exp
from runtime.graph.numpy_api import implements, probe
from runtime.graph.numpy_array import variables_plain, write_in_place
from runtime.graph.numpy_pieces import as_array
from runtime.graph.shapes import normalize_axis
from runtime.graph.tensor import (
    COMPOSITE_UFUNCS,
    PYTHON_EXAMPLE,
    READ_ONLY,
    PyNumber,
    Tensor,
    apply,
    as_tensor,
    bind,
    bind1,
    cast,
    constant,
    holds_tensor,
    reshape,
    written_scalar,
)
from runtime.staging import NotStageable, user_location


def _stand_in(x: Any) -> Any:
    """What NumPy is asked about in place of ``x``: a zero-stride array of a tensor's dtype and shape (a Python
    number for a ``PyNumber``, which NumPy types weakly), anything else as it is."""
    x = variables_plain(x)
    if type(x) is PyNumber:
        return PYTHON_EXAMPLE[x.dtype.kind]
    if isinstance(x, Tensor) or (isinstance(x, (list, tuple)) and holds_tensor(x)):
        return probe(as_array(x))
    return x


def _known(x: Tensor, name: str) -> Tensor:
    if None in x.shape:
        raise NotStageable(f"{user_location()}: np.{name} needs the shape of its argument while tracing, but it is "
                           f"{x.value.type_str} (a dimension known only at run time); give the function an "
                           "input_signature with that dimension known")
    return x


def _quiet(func: Any, *args: Any, **kwargs: Any) -> Any:
    with np.errstate(all="ignore"), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return func(*args, **kwargs)


# --- dtypes -----------------------------------------------------------------------------------------------

@implements(np.can_cast)
def _can_cast(from_: Any, to: Any, casting: str = "safe") -> bool:
    return np.can_cast(_stand_in(from_), _stand_in(to), casting)


# --- resize -----------------------------------------------------------------------------------------------

@implements(np.resize)
def _resize(a: Any, new_shape: Any) -> Tensor:
    if isinstance(variables_plain(new_shape), Tensor) or (isinstance(new_shape, (list, tuple)) and any(
            isinstance(variables_plain(d), Tensor) for d in new_shape)):
        raise NotStageable(f"{user_location()}: np.resize: argument new_shape must be a Python constant (an int or "
                           "a sequence of them) in graphs, not a graph tensor: it decides the shape of the result")
    x = _known(as_array(a), "resize")
    shape = tuple(_quiet(np.resize, probe(x), new_shape).shape)  # (NumPy's errors; its shape)
    flat = reshape(x, (-1,))
    size = int(np.prod(shape, dtype=np.int64))
    if flat.shape[0] == 0 or size == 0:
        return np.zeros_like(x, shape=shape)
    positions = np.arange(size, dtype=np.intp) % flat.shape[0]
    return reshape(bind1("take", [flat, constant(positions)], axis=0, mode=None), shape)


# --- sorting ----------------------------------------------------------------------------------------------

@implements(np.lexsort)
def _lexsort(keys: Any, axis: int = -1) -> Tensor:
    keys = variables_plain(keys)
    if isinstance(keys, Tensor):
        _known(keys, "lexsort")
        keys = [keys[i] for i in range(keys.shape[0])] if keys.ndim else keys
    if isinstance(keys, (list, tuple)):
        keys = [as_array(k) for k in keys]
        for k in keys:
            _known(k, "lexsort")
        _quiet(np.lexsort, tuple(probe(k) for k in keys), axis)  # (NumPy's errors: shapes, axis, no keys)
    else:
        _quiet(np.lexsort, probe(keys), axis)
        return np.zeros((), np.intp)
    if keys[0].ndim == 0:
        return constant(np.intp(0))
    axis = normalize_axis(axis, keys[0].ndim)
    order = np.argsort(keys[0], axis=axis, kind="stable")
    for key in keys[1:]:
        ranked = np.take_along_axis(key, order, axis=axis)
        order = np.take_along_axis(order, np.argsort(ranked, axis=axis, kind="stable"), axis=axis)
    return order


@implements(np.sort_complex)
def _sort_complex(a: Any) -> Tensor:
    b = np.sort(as_array(a))
    if b.dtype.kind == "c":
        return b
    return cast(b, "F" if b.dtype.char in "bhBH" else "G" if b.dtype.char == "g" else "D")


@implements(np.real_if_close)
def _real_if_close(a: Any, tol: Any = 100) -> Tensor:
    x = as_array(a)
    if x.dtype.kind != "c":
        return x
    raise NotStageable(
        f"{user_location()}: np.real_if_close of a complex tensor ({x.value.type_str}): NumPy returns a real array "
        "when every imaginary part is close to zero and the complex array otherwise, so its dtype depends on the "
        "values, which a graph does not know while tracing. Decide it yourself: x.real (to drop the imaginary "
        "parts), or keep x complex")


# --- unwrap -----------------------------------------------------------------------------------------------

@implements(np.unwrap)
def _unwrap(p: Any, discont: Any = None, axis: int = -1, *, period: Any = 2 * np.pi) -> Tensor:
    p = as_array(p)
    nd = p.ndim
    dd = np.diff(p, axis=axis)
    if discont is None:
        discont = period / 2
    slice1 = [slice(None, None)] * nd
    slice1[axis] = slice(1, None)
    slice1 = tuple(slice1)
    dtype = np.result_type(dd, period)
    if np.issubdtype(dtype, np.integer):
        if isinstance(variables_plain(period), Tensor):
            raise NotStageable(f"{user_location()}: np.unwrap of integers needs period as a Python number in graphs "
                               "(NumPy's divmod of it decides whether the boundary is ambiguous)")
        interval_high, rem = divmod(period, 2)
        boundary_ambiguous = rem == 0
    else:
        interval_high = period / 2
        boundary_ambiguous = True
    interval_low = -interval_high
    ddmod = np.mod(dd - interval_low, period) + interval_low
    if boundary_ambiguous:  # NumPy's copyto(ddmod, interval_high, where=...)
        ddmod = np.where((ddmod == interval_low) & (dd > 0), cast(as_tensor(interval_high), ddmod.dtype), ddmod)
    ph_correct = ddmod - dd
    ph_correct = np.where(abs(dd) < discont, np.zeros((), ph_correct.dtype), ph_correct)
    up = np.copy(cast(p, dtype))
    up[slice1] = p[slice1] + ph_correct.cumsum(axis)
    return up


# --- piecewise --------------------------------------------------------------------------------------------

@implements(np.piecewise)
def _piecewise(x: Any, condlist: Any, funclist: Any, *args: Any, **kw: Any) -> Tensor:
    """NumPy's piecewise: each function is called on ``x[cond]`` (its elements where the condition holds: a length
    known when the graph runs) in a staged ``if`` on ``np.any(cond)`` (NumPy skips a function whose condition holds
    nowhere), and its result written back with ``y[cond] = ...``."""
    x = as_array(x)
    n2 = len(funclist)
    condlist = variables_plain(condlist)
    if isinstance(condlist, (np.ndarray, Tensor)):  # (NumPy: condlist[0] not an array: one condition)
        wrap = condlist.ndim == 0 or (condlist.ndim == 1 and x.ndim != 0)
    else:
        wrap = np.isscalar(condlist) or not isinstance(condlist, (list, tuple)) or (
            not isinstance(variables_plain(condlist[0]), (list, np.ndarray, Tensor)) and x.ndim != 0)
    if wrap:
        condlist = [condlist]
    if isinstance(condlist, (np.ndarray, Tensor)):
        conds = [cast(as_array(condlist[i]), bool) for i in range(len(condlist))]
    else:
        conds = [cast(as_array(c), bool) for c in condlist]
    n = len(conds)
    if n == n2 - 1:  # the "otherwise" condition
        any_ = conds[0]
        for c in conds[1:]:
            any_ = any_ | c
        conds.append(~any_)
        n += 1
    elif n != n2:
        raise ValueError(f"with {n} condition(s), either {n} or {n + 1} functions are expected")
    y = np.zeros_like(x)
    for cond, func in zip(conds, funclist):
        if cond.shape != x.shape:
            cond = np.broadcast_to(cond, x.shape)
        if not isinstance(func, collections.abc.Callable):
            y[cond] = func
        else:
            vals = x[cond]
            made: list = []
            result = if_exp(np.any(cond), partial(_piece, vals, func, args, kw, y.dtype, made),
                            partial(_no_piece, vals, y.dtype, made))
            y[cond] = result
    return y


def _piece(vals: Tensor, func: Any, args: tuple, kw: dict, dtype: np.dtype, made: list) -> Tensor:
    """``func(x[cond])`` in ``y``'s dtype (as the write casts it): the branch that runs (a staged ``if``) only where
    the condition holds somewhere, as NumPy calls ``func`` only when ``x[cond]`` is not empty."""
    result = cast(as_tensor(func(vals, *args, **kw)), dtype)
    made.append(result.ndim)
    return result


def _no_piece(vals: Tensor, dtype: np.dtype, made: list) -> Tensor:
    """The other branch: nothing is computed; a value of the shape the first branch gives, written nowhere."""
    if made and made[0] == 0:  # (the first branch, traced first, gave one value for all)
        return constant(np.zeros((), dtype))
    return cast(vals, dtype)


# --- histogram_bin_edges ----------------------------------------------------------------------------------

@implements(np.histogram_bin_edges)
def _histogram_bin_edges(a: Any, bins: Any = 10, range: Any = None, weights: Any = None) -> Tensor:
    if isinstance(bins, str):
        raise NotStageable(f"{user_location()}: np.histogram_bin_edges(bins={bins!r}): the number of edges a "
                           "method picks depends on the data, which a graph does not know while tracing; give "
                           "bins as a number or as edges")
    return np.histogram(a, bins=bins, range=range)[1]


# --- writes into graph arrays -----------------------------------------------------------------------------

def _target(name: str, a: Any) -> Tensor:
    a = variables_plain(a)
    if not isinstance(a, Tensor):
        write_in_place(a, None, f"np.{name}")  # (the refusal for a NumPy array)
    return _known(a, name)


def _scratch(x: Tensor) -> np.ndarray:
    return np.zeros(x.shape, x.dtype)


def _checked(target: Tensor, call: Any) -> bool:
    """NumPy's checks of a write, ``call(destination)`` with stand-ins of the other arguments: on a NumPy scalar
    where ``target`` stands for one (NumPy's TypeError; ``np.put`` writes into a copy of it and changes nothing:
    False, nothing to write), then on a scratch array of ``target``'s shape and dtype (its errors)."""
    if written_scalar(target):
        _quiet(call, target.dtype.type(0))
        return False
    _quiet(call, _scratch(target))
    return True


def _write(target: Tensor, value: Tensor, name: str, call: Any) -> None:
    """``target`` holds ``value`` from now on; a read-only view (``np.broadcast_to``'s) raises NumPy's own error for
    this function, asked of NumPy on a read-only scratch array."""
    try:
        write_in_place(target, value, name)
    except ValueError as error:
        if error.args != (READ_ONLY,):
            raise
        scratch = _scratch(target)
        scratch.flags.writeable = False
        _quiet(call, scratch)
        raise


@implements(np.copyto)
def _copyto(dst: Any, src: Any, casting: str = "same_kind", where: Any = True) -> None:
    target = _target("copyto", dst)
    src, where = variables_plain(src), variables_plain(where)
    def call(destination: np.ndarray) -> None:
        np.copyto(destination, _stand_in(src), casting=casting, where=_stand_in(where))
    if not _checked(target, call):
        return
    value = cast(as_tensor(src), target.dtype)
    if where is not True:
        mask = as_tensor(where)
        value = apply("where", mask, value, target)
    _write(target, value, "np.copyto", call)


@implements(np.putmask)
def _putmask(a: Any, mask: Any, values: Any) -> None:
    target = _target("putmask", a)
    values_given = values
    mask, values = as_array(mask), as_array(values)
    _known(mask, "putmask")
    _known(values, "putmask")
    def call(destination: np.ndarray) -> None:  # (NumPy's errors: sizes, casts)
        np.putmask(destination, probe(mask), _stand_in(values_given))
    if not _checked(target, call):
        return
    if values.size == 0:
        return
    size = target.size
    flat_values = reshape(values, (-1,))
    positions = np.arange(size, dtype=np.intp) % flat_values.shape[0]
    cycled = cast(bind1("take", [flat_values, constant(positions)], axis=0, mode=None), target.dtype)
    new = apply("where", reshape(cast(mask, bool), (-1,)), cycled, reshape(target, (-1,)))
    _write(target, reshape(new, target.shape), "np.putmask", call)


@implements(np.place)
def _place(arr: Any, mask: Any, vals: Any) -> None:
    target = _target("place", arr)
    vals_given = vals
    mask, vals = as_array(mask), as_array(vals)
    _known(mask, "place")
    _known(vals, "place")
    def call(destination: np.ndarray) -> None:  # (NumPy's errors: sizes, casts; an empty vals is checked below)
        np.place(destination, probe(mask), _stand_in(vals_given) if vals.size else np.zeros(1, vals.dtype))
    _checked(target, call)
    flat_mask = reshape(cast(mask, bool), (-1,))
    if vals.size == 0:
        bind("assert", [~np.any(flat_mask)], message="Cannot insert from an empty array!", error=ValueError,
             where=user_location())
        return
    flat_vals = cast(reshape(vals, (-1,)), target.dtype)
    rank = np.cumsum(cast(flat_mask, np.intp)) - 1  # (the k-th True element takes vals[k % len(vals)])
    picked = bind1("take", [flat_vals, np.mod(np.maximum(rank, 0), flat_vals.shape[0])], axis=0, mode=None)
    new = apply("where", flat_mask, picked, reshape(target, (-1,)))
    _write(target, reshape(new, target.shape), "np.place", call)


@implements(np.put)
def _put(a: Any, ind: Any, v: Any, mode: str = "raise") -> None:
    target = _target("put", a)
    if isinstance(variables_plain(ind), Tensor) or (isinstance(ind, (list, tuple)) and any(
            isinstance(variables_plain(i), Tensor) for i in ind)):
        raise NotStageable(f"{user_location()}: np.put: argument ind must be a Python constant (an int or a sequence "
                           "of them, a NumPy array) in graphs, not a graph tensor: a position written twice keeps "
                           "NumPy's last value only when the graph knows the positions while tracing")
    values = as_array(v)
    _known(values, "put")
    indices = np.asarray(ind)
    def call(destination: np.ndarray) -> None:  # (NumPy's errors: bounds, mode, casts)
        np.put(destination, indices, _stand_in(v), mode=mode)
    if not _checked(target, call):
        return
    indices = indices.ravel().astype(np.intp)
    size = target.size
    if indices.size == 0 or values.size == 0 or size == 0:
        return
    if mode == "clip":
        indices = np.clip(indices, 0, size - 1)
    elif mode == "wrap":
        indices = indices % size
    else:
        indices = np.where(indices < 0, indices + size, indices)
    source = np.arange(indices.size) % values.size  # (v cycled: the k-th index takes v.flat[k % v.size])
    last = {int(i): k for k, i in enumerate(indices)}  # (an index written twice keeps the last value, as NumPy)
    keep = np.array(sorted(last), dtype=np.intp)
    taken = np.array([source[last[int(i)]] for i in keep], dtype=np.intp)
    flat = np.copy(reshape(target, (-1,)))
    flat[keep] = cast(bind1("take", [reshape(values, (-1,)), constant(taken)], axis=0, mode=None), target.dtype)
    _write(target, reshape(flat, target.shape), "np.put", call)


# --- frexp and ldexp ------------------------------------------------------------------------------------------
# Exact in float64: a power of two 2**k is a product of constants 2**(+-2**i) (never exp2, which XLA may round),
# and a scaling by one is split in two so that each product is exact but the last, which rounds once (a result
# in the subnormal range rounds as C's ldexp rounds it). float16 and float32 are computed in float64 (exactly)
# and cast back once.

_POWER_BITS = 11  # |k| < 2**11


def _power_of_two(k: Tensor) -> Tensor:
    """``2.0 ** k`` (float64) for an int64 tensor ``k`` with ``|k| <= 1100``, exactly."""
    magnitude = np.abs(k)
    negative = k < 0
    result = np.ones(k.shape, np.float64) if k.ndim else constant(np.float64(1.0))
    for i in range(_POWER_BITS):
        bit = ((magnitude >> i) & 1) == 1
        up, down = constant(np.float64(2.0) ** (2 ** i)), constant(np.float64(2.0) ** -(2 ** i))
        factor = np.where(bit, np.where(negative, down, up), constant(np.float64(1.0)))
        result = result * factor
    return result


def _frexp64(x: Tensor) -> tuple:
    """float64 ``x`` as ``(m, e)``, ``x == m * 2**e``, ``0.5 <= |m| < 1``; ``(x, 0)`` for 0, inf, NaN."""
    finite = np.isfinite(x) & (x != 0)
    a = np.where(finite, np.abs(x), constant(np.float64(1.0)))
    e = cast(np.clip(np.floor(np.log2(a)), -1100.0, 1100.0), np.int64) + 1  # (off by one at most: corrected below)
    half = -e // 2
    m = a * _power_of_two(half) * _power_of_two(-e - half)
    too_big = m >= 1.0
    m, e = np.where(too_big, m * 0.5, m), np.where(too_big, e + 1, e)
    too_small = m < 0.5
    m, e = np.where(too_small, m * 2.0, m), np.where(too_small, e - 1, e)
    finite = finite & (m != 0)  # (under XLA, which flushes subnormals to zero, a subnormal x is 0)
    return np.where(finite, np.copysign(m, x), x), np.where(finite, e, np.zeros((), np.int64))


def _frexp(x: Any) -> tuple:
    values = as_tensor(x)
    mantissa_type, exponent_type = (r.dtype for r in _quiet(np.frexp, probe(values)))  # (NumPy's loop, errors)
    if mantissa_type not in (np.float16, np.float32, np.float64):
        raise NotStageable(f"{user_location()}: np.frexp of {values.dtype} is not supported in graphs; cast to "
                           "float64 first")
    m, e = _frexp64(cast(values, np.float64))
    return cast(m, mantissa_type), cast(e, exponent_type)


def _ldexp(x: Any, n: Any) -> Tensor:
    values, exponents = as_tensor(x), as_tensor(n)
    result_type = _quiet(np.ldexp, _stand_in(x), _stand_in(n)).dtype  # (NumPy's loop and its errors)
    if result_type not in (np.float16, np.float32, np.float64):
        raise NotStageable(f"{user_location()}: np.ldexp of {values.dtype} is not supported in graphs; cast to "
                           "float64 first")
    m, e = _frexp64(cast(values, np.float64))
    k = np.clip(e + cast(np.clip(exponents, -4000, 4000), np.int64), -1100, 1100)
    first = np.where(k < -1021, constant(np.int64(-1000)), k // 2)
    scaled = m * _power_of_two(first) * _power_of_two(k - first)
    return cast(scaled, result_type)


COMPOSITE_UFUNCS[np.frexp] = _frexp
COMPOSITE_UFUNCS[np.ldexp] = _ldexp
