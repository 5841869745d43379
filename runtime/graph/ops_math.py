"""Ops for ``math``'s special functions on graph tensors: ``erf``, ``erfc``, ``gamma`` and ``lgamma``.

NumPy has no such ufunc, so each op's NumPy kernel is ``math``'s own function, element by element (the
interpreter's values are Python's, bit for bit: ``math.erf(t)`` is a 0-d tensor, one call); where Python
raises, the kernel gives NaN (a domain error) or infinity (a range error) and the graph's assertions, made
by runtime/graph/builtins.py from the argument, raise Python's error. The JAX rules are XLA's (``lax.erf``,
``lax.erfc``, ``lax.lgamma``, ``jax.scipy.special.gamma``), which may differ from the C library's in the
last bits, as XLA's ``sin`` does from NumPy's::

    math_erf(x)   math_erfc(x)   math_gamma(x)   math_lgamma(x)

Before (Python, ``s`` a 0-d float64 graph tensor)::

    p = 0.5 * (1.0 + math.erf(s / math.sqrt(2.0)))

After (the graph)::

    c:f64[] = math_erf b
"""

from __future__ import annotations

import math
from typing import Any, Callable

import numpy as np

from runtime.graph.opdefs import define

FUNCTIONS = {"erf": "jax.lax.erf", "erfc": "jax.lax.erfc", "gamma": "jax.scipy.special.gamma",
             "lgamma": "jax.lax.lgamma"}


def _elementwise(function: Callable[[float], float]) -> Callable[[Any], np.ndarray]:
    def safe(x: float) -> float:
        try:
            return function(x)
        except ValueError:  # a domain error: the graph's assertion raises it
            return math.nan
        except OverflowError:  # a range error: likewise
            return math.inf

    def kernel(x: Any) -> np.ndarray:
        x = np.asarray(x, dtype=np.float64)
        if x.ndim == 0:
            return np.float64(safe(float(x)))
        return np.frompyfunc(safe, 1, 1)(x).astype(np.float64)

    return kernel


def _rule(ins: Any, attrs: Any) -> list:
    (x,) = ins
    return [(x.shape, np.dtype(np.float64))]


for _name, _jax in FUNCTIONS.items():
    define(f"math_{_name}", _rule, kernel=_elementwise(getattr(math, _name)), jax=_jax)
