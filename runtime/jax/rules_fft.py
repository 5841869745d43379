"""The JAX rules of the discrete Fourier transform library ops (runtime/graph/ops_fft.py, whose records
name this module): ``jax.numpy.fft`` in the precision NumPy computes in.

A rule is ``rule(ctx, *inputs, **attrs)`` (runtime/jax/lowering.py). The input is cast to the precision
NumPy's pocketfft computes in (float16 in single, integers in double) before calling ``jnp.fft``, which
would compute an int32 input in complex64, so the values agree with NumPy's to rounding.
"""

from __future__ import annotations

from typing import Any, Callable

import jax.numpy as jnp
import numpy as np

from runtime.graph.ops_fft import KINDS


def _rule(kind: str) -> Callable:
    def rule(ctx: Any, x: Any, n: Any, axis: int, norm: Any) -> Any:
        out = ctx.node.outputs[0].dtype
        # The precision NumPy computes in (float16 in single), as the input's dtype for jnp.fft.
        compute = np.result_type(out, np.complex64)
        if kind == "rfft":  # (a real input)
            compute = np.dtype(np.float32 if compute == np.complex64 else np.float64)
        return getattr(jnp.fft, kind)(jnp.asarray(x).astype(compute), n=n, axis=axis, norm=norm)
    return rule


RULES = {kind: _rule(kind) for kind in KINDS}
