"""Library ops for the parts of a complex array: ``real(x)`` and ``imag(x)``, of the real dtype of
``x``'s precision (complex64 -> float32). NumPy's kernel, ``jnp.real`` / ``jnp.imag`` as the JAX rule.

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
