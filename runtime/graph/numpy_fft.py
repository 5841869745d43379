"""``np.fft`` on graph tensors: the one-dimensional transforms and the shifts, registered in
``tensor.NUMPY_FUNCTIONS``.

``fft``, ``ifft``, ``rfft`` and ``irfft`` are one library op each (``ops_fft``: NumPy's pocketfft on
the interpreter, ``jnp.fft`` under JAX), with NumPy's ``n=``, ``axis=`` and ``norm=``; ``n`` decides
the output's length, so it must be a Python int. The others are NumPy's own compositions of those
(numpy/fft/_pocketfft.py), so the interpreter's values are NumPy's bit for bit: ``fft2``/``fftn`` and
their inverses one 1-D transform per axis, last axis first; ``rfft2``/``rfftn`` an ``rfft`` of the
last axis then ``fft`` of the others (``irfft2``/``irfftn`` the reverse); ``hfft`` / ``ihfft`` the
real transforms of the conjugate with the normalization swapped. ``fftshift`` / ``ifftshift`` are
NumPy's own definition, a roll by half of each axis's length. (``fftfreq`` / ``rfftfreq`` are not dispatched
through ``__array_function__``: with a tensor ``d`` NumPy's own code runs on it, in tensor ops.)
"""

from __future__ import annotations

import operator
import warnings
from typing import Any, Callable

import numpy as np

from runtime.graph.numpy_api import arg, implements, reject
from runtime.graph.tensor import Tensor, bind1
from runtime.staging import NotStageable, user_location, user_site


def _static_n(name: str, n: Any) -> Any:
    if n is None:
        return None
    try:
        return operator.index(n)
    except TypeError:
        raise NotStageable(f"{user_location()}: np.fft.{name}: n must be a Python int in graphs, not "
                           f"{type(n).__name__}: it decides the length of the result, which a graph fixes when "
                           "it is traced") from None


def _transform(kind: str):
    def impl(a: Any, n: Any = None, axis: int = -1, norm: Any = None, out: Any = None) -> Tensor:
        reject(f"fft.{kind}", out=out)
        return bind1(kind, [arg(a)], n=_static_n(kind, n), axis=operator.index(axis), norm=norm)
    impl.__name__ = impl.__qualname__ = kind
    return impl


_ONE_D = {kind: _transform(kind) for kind in ("fft", "ifft", "rfft", "irfft")}
for _kind, _impl in _ONE_D.items():
    implements(getattr(np.fft, _kind))(_impl)


# --- NumPy's compositions: N-dimensional and Hermitian transforms ------------------------------------

_SWAP_DIRECTION = {"backward": "forward", None: "forward", "ortho": "ortho", "forward": "backward"}


def _swap_direction(norm: Any) -> Any:
    try:
        return _SWAP_DIRECTION[norm]
    except (KeyError, TypeError):
        raise ValueError(f'Invalid norm value {norm}; should be "backward", "ortho" or "forward".') from None


def _cook_nd_args(name: str, x: Tensor, s: Any, axes: Any, invreal: bool = False) -> tuple[list, list]:
    """NumPy's ``_cook_nd_args`` on the tensor's shape: a dim known only at run time stands as None, which
    the 1-D transforms read as NumPy's default length for that axis (the whole axis), as NumPy does."""
    if s is None:
        shapeless = True
        shape = np.array([-2 if d is None else d for d in x.shape], dtype=np.int64)  # (-2: unknown)
        s = list(shape) if axes is None else list(np.take(shape, axes))  # NumPy's IndexError for a bad axis
        s = [None if d == -2 else int(d) for d in s]
    else:
        shapeless = False
        s = [_static_n(name, n) for n in s]
        if None in s:
            _warn_at_user("Passing an array containing `None` values to `s` is deprecated in NumPy 2.0 and will "
                          "raise an error in a future version of NumPy. To use the default behaviour of the "
                          "corresponding 1-D transform, pass the value matching the default for its `n` "
                          "parameter. To use the default behaviour for every axis, the `s` argument can be "
                          "omitted.")
    if axes is None:
        if not shapeless:
            _warn_at_user("`axes` should not be `None` if `s` is not `None` (Deprecated in NumPy 2.0). In a future "
                          "version of NumPy, this will raise an error and `s[i]` will correspond to the size along "
                          "the transformed axis specified by `axes[i]`. To retain current behaviour, pass a "
                          "sequence [0, ..., k-1] to `axes` for an array of dimension k.")
        axes = list(range(-len(s), 0))
    axes = [operator.index(a) for a in axes]
    if len(s) != len(axes):
        raise ValueError("Shape and axes have different lengths.")
    if invreal and shapeless:
        s[-1] = None  # irfft's default, (m - 1) * 2
    # (-1: the whole axis, its length now, which for irfft is not its default length)
    lengths = [x.shape[axis] if n == -1 else n for n, axis in zip(s, axes)]
    if any(n == -1 and length is None for n, length in zip(s, lengths)):
        raise NotStageable(f"{user_location()}: np.fft.{name}: s=-1 asks for the length of an axis that is known "
                           "only at run time; give the Function an input_signature with that dim fixed")
    return lengths, axes


def _warn_at_user(message: str) -> None:
    site = user_site()
    if site is None:
        warnings.warn(message, DeprecationWarning, stacklevel=3)
    else:
        warnings.warn_explicit(message, DeprecationWarning, *site)


def _fftn(name: str, kind: str, default_axes: Any) -> Callable:
    def impl(a: Any, s: Any = None, axes: Any = default_axes, norm: Any = None, out: Any = None) -> Tensor:
        reject(f"fft.{name}", out=out)
        x = arg(a)
        s, axes = _cook_nd_args(name, x, s, axes)
        for n, axis in reversed(list(zip(s, axes))):
            x = _ONE_D[kind](x, n, axis, norm)
        return x
    return impl


def _rfftn(name: str, default_axes: Any) -> Callable:
    def impl(a: Any, s: Any = None, axes: Any = default_axes, norm: Any = None, out: Any = None) -> Tensor:
        reject(f"fft.{name}", out=out)
        x = arg(a)
        s, axes = _cook_nd_args(name, x, s, axes)
        x = _ONE_D["rfft"](x, s[-1], axes[-1], norm)
        for ii in range(len(axes) - 2, -1, -1):
            x = _ONE_D["fft"](x, s[ii], axes[ii], norm)
        return x
    return impl


def _irfftn(name: str, default_axes: Any) -> Callable:
    def impl(a: Any, s: Any = None, axes: Any = default_axes, norm: Any = None, out: Any = None) -> Tensor:
        reject(f"fft.{name}", out=out)
        x = arg(a)
        s, axes = _cook_nd_args(name, x, s, axes, invreal=True)
        for ii in range(len(axes) - 1):
            x = _ONE_D["ifft"](x, s[ii], axes[ii], norm)
        return _ONE_D["irfft"](x, s[-1], axes[-1], norm)
    return impl


for _name, _kind, _axes in [("fft2", "fft", (-2, -1)), ("ifft2", "ifft", (-2, -1)), ("fftn", "fft", None),
                            ("ifftn", "ifft", None)]:
    implements(getattr(np.fft, _name))(_fftn(_name, _kind, _axes))
implements(np.fft.rfft2)(_rfftn("rfft2", (-2, -1)))
implements(np.fft.rfftn)(_rfftn("rfftn", None))
implements(np.fft.irfft2)(_irfftn("irfft2", (-2, -1)))
implements(np.fft.irfftn)(_irfftn("irfftn", None))


@implements(np.fft.hfft)
def _hfft(a: Any, n: Any = None, axis: int = -1, norm: Any = None, out: Any = None) -> Tensor:
    reject("fft.hfft", out=out)
    return _ONE_D["irfft"](np.conjugate(arg(a)), n, axis, _swap_direction(norm))


@implements(np.fft.ihfft)
def _ihfft(a: Any, n: Any = None, axis: int = -1, norm: Any = None, out: Any = None) -> Tensor:
    reject("fft.ihfft", out=out)
    return np.conjugate(_ONE_D["rfft"](arg(a), n, axis, _swap_direction(norm)))


def _shift(sign: int):
    def impl(x: Any, axes: Any = None) -> Tensor:
        t = arg(x)
        axes = tuple(range(t.ndim)) if axes is None else (axes,) if isinstance(axes, int) else tuple(axes)
        if any(t.shape[a] is None for a in axes):
            raise NotStageable(f"{user_location()}: np.fft.{'fftshift' if sign > 0 else 'ifftshift'} needs the "
                               "length of each shifted axis while tracing, and one is known only at run time: "
                               "give the Function an input_signature with that dim fixed")
        shift = [sign * (t.shape[a] // 2) for a in axes]
        return np.roll(t, shift, axes)
    return impl


implements(np.fft.fftshift)(_shift(1))
implements(np.fft.ifftshift)(_shift(-1))

