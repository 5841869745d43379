"""Library ops for the parts of a complex array: ``real(x)`` and ``imag(x)``, of the real dtype of
``x``'s precision (complex64 -> float32). NumPy's kernel, ``jnp.real`` / ``jnp.imag`` as the JAX rule.
And their inverse, ``make_complex(re, im)``: the complex array of those parts (float32 parts give complex64,
float64 parts complex128), each part as it is (``re + im * 1j`` would be NaN where a part is infinite, and
loses a negative zero: ``-0.0 * 1j`` is ``0j``); ``lax.complex`` on XLA.

Before (Python, ``z`` a complex graph tensor)::

    y = z.real

After (the graph)::

    b:f64[4] = real a

Only complex tensors reach these ops: a real tensor's ``.real`` is the tensor itself and its
``.imag`` a constant zero (``numpy_complex``), as NumPy's.
"""

from __future__ import annotations

import numpy as np

from runtime.graph.opdefs import define


def _part_rule(ins, attrs):
    (x,) = ins
    if x.dtype.kind != "c":
        raise TypeError(f"real / imag ops take a complex tensor, not {x.dtype}")
    return [(x.shape, np.empty(0, x.dtype).real.dtype)]


define("real", _part_rule, kernel=np.real, jax="jax.numpy.real")
define("imag", _part_rule, kernel=np.imag, jax="jax.numpy.imag")


def _make_complex_rule(ins, attrs):
    re, im = ins
    if re.dtype != im.dtype or re.dtype not in (np.float32, np.float64) or re.shape != im.shape:
        raise TypeError(f"make_complex takes two float32 or float64 tensors of one shape, not "
                        f"{re.dtype}{list(re.shape)} "
                        f"and {im.dtype}{list(im.shape)}")
    return [(re.shape, np.result_type(re.dtype, np.complex64))]


def _make_complex(re: np.ndarray, im: np.ndarray) -> np.ndarray:
    out = np.empty(np.shape(re), np.result_type(re.dtype, np.complex64))
    out.real, out.imag = re, im
    return out


define("make_complex", _make_complex_rule, kernel=_make_complex, jax="jax.lax.complex")
