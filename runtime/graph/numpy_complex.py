"""The real and imaginary parts of graph tensors, and the functions NumPy builds on them:
``x.real``, ``x.imag``, ``np.real``, ``np.imag``, ``np.iscomplex``, ``np.isreal``, ``np.nan_to_num``.

Each follows NumPy's source (numpy/lib/_type_check_impl.py): a complex tensor's parts are the
``real`` / ``imag`` ops (``ops_complex``); a real tensor's ``.real`` is the tensor and its ``.imag``
zeros of its dtype. ``nan_to_num`` replaces NaN and infinities in the real and imaginary parts
separately, with NumPy's defaults (0.0, the dtype's largest and smallest finite values), and passes
integers and booleans through. ``copy=False`` (NumPy's in-place form) writes into the tensor, as
``out=`` does elsewhere.

Before (Python, ``x`` a float64 graph tensor)::

    y = np.nan_to_num(x, nan=-1.0)

After (the graph)::

    b:bool[5] = isnan a
    c:f64[5] = where b -1.0 a
    ...
"""

from __future__ import annotations

import warnings
from typing import Any, Callable

import numpy as np

from runtime.graph.numpy_api import arg, implements, probe, reject
from runtime.graph.tensor import (
    Tensor,
    apply,
    assign_in_place,
    bind1,
    cast,
    constant,
    read_only_view,
    stands_for_a_tensor,
)
from runtime.staging import NotStageable, user_location, user_site


def real(x: Any) -> Tensor:
    t = arg(x)
    return bind1("real", [t]) if t.dtype.kind == "c" else t


def imag(x: Any) -> Tensor:
    t = arg(x)
    # (Of a real array NumPy makes read-only zeros: a write into them is its ValueError.)
    return bind1("imag", [t]) if t.dtype.kind == "c" else read_only_view(t, np.zeros_like)


def _set_real(x: Tensor, value: Any) -> None:
    """``x.real = v``: of a real tensor, a write of the whole of it (``x[...] = v``, its ``.real`` is itself)."""
    if x.dtype.kind != "c":
        x[...] = value
        return
    raise _part_write_refused(x, "real")


def _set_imag(x: Tensor, value: Any) -> None:
    """``x.imag = v``: NumPy's TypeError for a real tensor, in the words of the NumPy installed (2.5 changed them)."""
    if x.dtype.kind != "c":
        try:
            np.zeros(1).imag = 0.0
        except TypeError as numpys:
            raise TypeError(*numpys.args) from None
        raise TypeError("array does not have imaginary part to set")  # (not reached: NumPy raised)
    raise _part_write_refused(x, "imag")


def _part_write_refused(x: Tensor, part: str) -> NotStageable:
    return NotStageable(f"{user_location()}: x.{part} = v into a complex graph tensor ({x.dtype}): a graph writes "
                        "whole elements, not one part of them. Make the complex array from its parts instead "
                        "(re + 1j * im, for finite parts)")


Tensor.real = property(real, _set_real)
Tensor.imag = property(imag, _set_imag)
implements(np.real)(real)
implements(np.imag)(imag)


def _known_from_dtype(func: Callable, t: Tensor) -> Any:
    """NumPy's ``func`` (``np.iscomplex``, ``np.isreal``) of a real tensor of known shape, or None: its answer
    depends on the dtype and the shape alone (all False, all True), so it is NumPy's own constant, and an ``if
    any(np.iscomplex(z))`` on it is decided while tracing, as NumPy decides it (lmfit's propagate_err)."""
    if t.dtype.kind == "c" or None in t.shape:
        return None
    return func(probe(t))


@implements(np.iscomplex)
def _iscomplex(x: Any) -> Any:
    t = arg(x)
    known = _known_from_dtype(np.iscomplex, t)
    if known is not None:
        return known
    return apply("ne", imag(t), 0) if t.dtype.kind == "c" else np.zeros_like(t, dtype=np.bool_)


@implements(np.isreal)
def _isreal(x: Any) -> Any:
    known = _known_from_dtype(np.isreal, arg(x))
    return known if known is not None else apply("eq", imag(x), 0)


@implements(np.isposinf)
def _isposinf(x: Any, out: Any = None) -> Tensor:
    t = _real_only("isposinf", x, out)
    return np.isinf(t) & ~np.signbit(t)


@implements(np.isneginf)
def _isneginf(x: Any, out: Any = None) -> Tensor:
    t = _real_only("isneginf", x, out)
    return np.isinf(t) & np.signbit(t)


def _real_only(name: str, x: Any, out: Any) -> Tensor:
    reject(name, out=out)
    t = arg(x)
    if t.dtype.kind == "c":
        raise TypeError("This operation is not supported for complex values because it would be ambiguous.")
    return t


def make_complex(re: Tensor, im: Tensor) -> Tensor:
    """The complex tensor of parts ``re`` and ``im`` (real tensors of one dtype, broadcast to one shape), each part
    as it is: never ``re + im * 1j``, NaN where a part is infinite and +0 where ``im`` is -0."""
    shape = np.broadcast_shapes(re.shape, im.shape) if None not in re.shape + im.shape else None
    if shape is not None and re.shape != shape:
        re = np.broadcast_to(re, shape)
    if shape is not None and im.shape != shape:
        im = np.broadcast_to(im, shape)
    dtype = np.result_type(re.dtype, im.dtype, np.float32)
    return bind1("make_complex", [cast(re, dtype), cast(im, dtype)])


@implements(np.nan_to_num)
def _nan_to_num(x: Any, copy: bool = True, nan: Any = 0.0, posinf: Any = None, neginf: Any = None) -> Tensor:
    t = arg(x)
    if t.dtype.kind not in "fc":  # NumPy: integers and booleans come back unchanged (a copy)
        result = np.copy(t)
    else:
        parts = [real(t), imag(t)] if t.dtype.kind == "c" else [t]
        part_dtype = parts[0].dtype
        info = np.finfo(part_dtype)
        fills = [_fill(v, default, part_dtype)
                 for v, default in ((nan, 0.0), (posinf, info.max), (neginf, info.min))]
        fixed = [apply("where", np.isneginf(p), fills[2], apply("where", np.isposinf(p), fills[1],
                                                                  apply("where", np.isnan(p), fills[0], p)))
                 for p in parts]
        result = fixed[0] if len(fixed) == 1 else make_complex(fixed[0], fixed[1])
    if not copy and isinstance(x, Tensor):
        assign_in_place(x, result)
        return x
    return result


def _fill(value: Any, default: Any, dtype: np.dtype) -> Any:
    """A fill value in the part's dtype (NumPy's copyto casts it so)."""
    if value is None:
        value = default
    if isinstance(value, Tensor) or stands_for_a_tensor(type(value)):
        return cast(value, dtype)  # (a complex input's parts are put back together by make_complex: any fill)
    try:
        with np.errstate(over="raise"):
            fill = np.asarray(value, dtype)
    except FloatingPointError:  # NumPy's own warning (a fill too large for float16), at the user's line
        site = user_site()
        message = "overflow encountered in cast"
        if site is None:
            warnings.warn(message, RuntimeWarning, stacklevel=2)
        else:
            warnings.warn_explicit(message, RuntimeWarning, *site)
        with np.errstate(over="ignore"):
            fill = np.asarray(value, dtype)
    return constant(fill)
