"""The JAX rules of the library ops whose output size depends on the values (runtime/graph/ops_data_dependent.py,
whose records name this module): NumPy's own answer when every input is a constant while lowering, else
``xla_refusal`` at the user's line (XLA fixes every shape).

A rule is ``rule(ctx, *inputs, **attrs)`` (runtime/jax/lowering.py).
"""

from __future__ import annotations

from typing import Any, Callable

import numpy as np

from runtime.graph import ops
from runtime.graph.ops_data_dependent import REFUSALS, xla_refusal

_STATIC = (np.ndarray, np.generic)


def _rule(what: str, why: str, kernel: Callable) -> Callable:
    """The JAX rule of a data-dependent op: NumPy's own answer on constants, else ``xla_refusal``."""
    def rule(ctx: Any, *inputs: Any, **attrs: Any) -> Any:
        if all(isinstance(x, _STATIC) for x in inputs):
            return kernel(*inputs, **attrs)
        raise xla_refusal(ctx.node, what, why=why)
    return rule


RULES = {name: _rule(what, why, ops.OPS[name].kernel) for name, (what, why) in REFUSALS.items()}
