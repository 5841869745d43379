"""The op table itself: ``OpDef``, ``OPS`` and ``define``.

``ops`` defines the core ops (elementwise, reductions, structure, control flow, state); the
library modules (``ops_library`` and the modules it imports) define NumPy functions that are one
op each (``np.linalg.inv``, ``np.roll``, a scatter update), giving each op its shape/dtype rule, its
NumPy kernel and its JAX lowering in one place::

    define("inv", _square_rule, kernel=np.linalg.inv, lowering="numpy.linalg.inv")

The interpreter and the JAX lowering take a library op's ``kernel`` / ``lowering`` into their
tables, so a library op needs no edit anywhere else. Everything imports ``ops``, which imports
every library module, so ``OPS`` is always the whole closed set.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Optional, Sequence, Union

import numpy as np


@dataclass(frozen=True)
class OpDef:
    """One op. ``rule(inputs, attrs)`` returns the ``(shape, dtype)`` of every output.

    ``kernel(*arrays, **attrs)`` (library ops only) computes it on NumPy arrays, returning the
    output or a tuple of outputs. ``lowering`` (library ops only) is the JAX function as a dotted
    path under ``jax`` (``"numpy.linalg.inv"``, called as ``fn(*inputs, **attrs)``) or a full
    lowering rule ``rule(ctx, *inputs, **attrs)`` (see ``runtime/jax/lowering.py``)."""

    name: str
    rule: Callable[[Sequence[Any], Any], list]
    stateful: bool = False
    ufunc: Optional[np.ufunc] = None  # the NumPy ufunc an elementwise op is (lowerings reuse its name)
    subgraphs: tuple[str, ...] = ()   # attrs that hold subgraphs
    kernel: Optional[Callable[..., Any]] = None
    lowering: Union[str, Callable[..., Any], None] = None


OPS: dict[str, OpDef] = {}


def define(name: str, rule: Callable, **kw: Any) -> OpDef:
    """Add op ``name`` to the closed set (each name once)."""
    assert name not in OPS, name
    OPS[name] = opdef = OpDef(name, rule, **kw)
    return opdef
