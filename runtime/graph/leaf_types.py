"""How the graph's values answer the carry's questions about types (runtime/carry.py ``Rules``): the one dtype a
staged ``if``, a staged loop or ``min()`` / ``max()`` joins its values by (NumPy's weak-scalar rule for Python
numbers). Below the tracer and the builtins in the import order, so that both ask the same rules.

Before (a staged choice between two values)::

    max(a_int64[0], b_float32[0])

After::

    carry.join_types(TYPES, "the value of max()", [...])   # StagingError: one dtype, as `a if a > b else b`
"""

from __future__ import annotations

from typing import Any, Optional, Sequence

import numpy as np

from runtime import carry
from runtime.graph.builder import STRICT_PYTHON_TYPES
from runtime.graph.shapes import type_str
from runtime.graph.tensor import Tensor
from runtime.staging import NotStageable, user_location

WEAK = (bool, int, float, complex)


class GraphTypes(carry.Rules):
    """The graph's leaves as the carry types them: tensors strong, Python numbers weak."""

    noun = "tensor"
    unknown_dims = True

    def is_staged(self, leaf: Any) -> bool:
        return isinstance(leaf, Tensor)

    def typeof(self, leaf: Any) -> carry.LeafType:
        if isinstance(leaf, WEAK):
            return carry.LeafType((), np.result_type(leaf), True)
        return carry.LeafType(tuple(leaf.shape), np.dtype(leaf.dtype))

    def type_str(self, t: carry.LeafType) -> str:
        return type_str(t.shape, t.dtype)

    def promote(self, types: Sequence[carry.LeafType], leaves: Sequence[Any]) -> Optional[carry.LeafType]:
        strong = [t.dtype for t in types if not t.weak]
        weak = [x for t, x in zip(types, leaves) if t.weak]
        strict = STRICT_PYTHON_TYPES.get()
        if strict is not None and len({np.result_type(x) for x in weak} | set(strong[:1])) > 1:
            raise NotStageable(f"{user_location()}: {strict}")
        if not strong:
            joined = np.result_type(*weak)
            return carry.LeafType((), joined, True) if all(carry.holds(joined, x) for x in weak) else None
        if weak and np.result_type(strong[0], *weak) != strong[0]:
            return None
        # (A number the dtype cannot hold, 1e300 beside a float32 or 300 beside a uint8, would become inf or fail:
        # refused, where NumPy's weak-scalar rule alone takes the dtype.)
        return carry.LeafType((), strong[0]) if all(carry.holds(strong[0], x) for x in weak) else None


TYPES = GraphTypes()
