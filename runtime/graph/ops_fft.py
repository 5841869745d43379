"""Library ops for NumPy's one-dimensional discrete Fourier transforms (``np.fft``).

Each op is one node with NumPy's shape/dtype rule, NumPy itself as the kernel, and ``jax.numpy.fft``
as the JAX rule (runtime/jax/rules_fft.py, which its record names)::

    fft(x; n, axis, norm)     ifft(x; n, axis, norm)     complex, length n along axis
    rfft(x; n, axis, norm)    complex, length n // 2 + 1     (x real)
    irfft(x; n, axis, norm)   real, length n (default 2 * (m - 1))

Before (Python, ``x`` a graph tensor)::

    spectrum = np.fft.rfft(x, n=16)

After (the graph)::

    b:c128[9] = rfft[n=16 axis=-1 norm=None] a

Choices:

* **Dtypes are NumPy's**, found by asking NumPy on a small array of the input's dtype: NumPy 2's
  pocketfft keeps single precision (float32 -> complex64), computes integers and bools in double,
  and float16 in single. The JAX rule casts the input to the precision NumPy computes in before
  calling ``jnp.fft`` (which would compute an int32 input in complex64), so the values agree with
  NumPy's to rounding (both are FFTs in that precision, not bit for bit the same algorithm).
* ``long double`` inputs are a ``TypeError``: XLA has no extended precision to lower them to.
* NumPy's own errors (``n`` < 1, a bad ``norm``, an axis the array does not have, ``rfft`` of
  complex input) are raised while tracing, by NumPy itself on a small stand-in array.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from runtime.graph import shapes
from runtime.graph.opdefs import define
from runtime.staging import NotStageable

KINDS = ("fft", "ifft", "rfft", "irfft")


def _probe_shape(x: Any, axis: int) -> tuple:
    """A stand-in of ``x``'s rank: ones everywhere but along ``axis`` (its length, or 2 if unknown), so
    NumPy checks the axis and the arguments on an array as cheap as the transform's own length."""
    if not x.shape:
        return ()
    probe = [1] * len(x.shape)
    if -len(x.shape) <= axis < len(x.shape):
        probe[axis] = 2 if x.shape[axis] is None else x.shape[axis]
    return tuple(probe)


def _rule(kind: str):
    def rule(ins, attrs):
        (x,) = ins
        n, axis, norm = attrs["n"], attrs["axis"], attrs["norm"]
        if x.dtype.kind not in "biufc":
            raise TypeError(f"np.fft.{kind} of a {x.dtype} array is not supported")
        if x.dtype.itemsize > (16 if x.dtype.kind == "c" else 8):
            raise NotStageable(f"np.fft.{kind} of a {x.dtype} (long double) array is not supported in graphs: "
                               "XLA has no extended precision; cast it to float64 or complex128 first")
        probe = np.zeros(_probe_shape(x, axis), x.dtype)
        dtype = getattr(np.fft, kind)(probe, n=n, axis=axis, norm=norm).dtype  # NumPy's own errors, and dtype
        axis = shapes.normalize_axis(axis, len(x.shape))
        length = x.shape[axis]
        if kind in ("fft", "ifft"):
            out = length if n is None else n
        elif kind == "rfft":
            out = None if n is None and length is None else (length if n is None else n) // 2 + 1
        else:
            out = n if n is not None else None if length is None else 2 * (length - 1)
        return [(x.shape[:axis] + (out,) + x.shape[axis + 1:], dtype)]
    return rule


def _kernel(kind: str):
    fn = getattr(np.fft, kind)
    return lambda x, n, axis, norm: fn(x, n=n, axis=axis, norm=norm)


for _kind in KINDS:
    define(_kind, _rule(_kind), kernel=_kernel(_kind), jax="runtime.jax.rules_fft")
