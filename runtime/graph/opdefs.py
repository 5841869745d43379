"""The op table itself: ``OpDef`` (one record per op), ``Effects``, ``OPS`` and ``define``.

Every op, core (``ops``) or library (``ops_library`` and the modules it imports), is one ``define``
call holding everything about it: its shape/dtype rule, its NumPy kernel, its effect facts (what the
graph passes may fold, merge, hoist or drop) and where each executor's rule is::

    define("inv", _square_rule, kernel=np.linalg.inv, jax="runtime.jax.rules_linalg")

The executors' tables are read off ``OPS``: the interpreter's ``NUMPY_KERNELS`` (``kernels``), the
JAX lowering's ``JAX_LOWERINGS`` (runtime/jax/lowering.py), numba's ``NUMBA_RULES``
(runtime/numba/lowering.py), the passes' questions (``passes/effects.py``). A rule is named by its
module path, a string, so that importing the graph package imports neither JAX nor numba.
Everything imports ``ops``, which imports every library module, so ``OPS`` is always the whole
closed set.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Optional, Sequence, Union

import numpy as np

# --- effect facts --------------------------------------------------------------------------------
#
# A fact is True, False, or a predicate on the node (its inputs' and outputs' static types, its
# attrs) for an op where the answer depends on them. runtime/graph/passes/effects.py says what the
# passes do with each.

Fact = Union[bool, Callable[[Any], bool]]


@dataclass(frozen=True)
class Effects:
    """What the graph passes may do with a node of the op (runtime/graph/passes/effects.py).

    ``cannot_fail``: for every input of the node's static types, the NumPy kernel neither raises nor
    warns (so CSE may merge it, LICM hoist it). ``foldable``: its result on constants has the same bits
    under NumPy and XLA (so ``fold`` may compute it while optimizing). Both False unless declared: an
    op nobody analysed is left where it is (library ops are not analysed). ``hoistable``: LICM may move
    a node that cannot fail out of a loop (False for a shape query, ``dim``: free where it stands, and a
    static number under the JAX lowering, which a slice bound must be; moved out, it would enter the
    loop as a traced constant).

    ``strict``: a node nobody uses still runs, because NumPy's call raises on values alone (``LinAlgError`` of a
    matrix that is not positive definite): ``np.linalg.cholesky(X)`` called for its error only, as a check, fails
    as eagerly. ``for_value_only``: the node stands for a refusal of its value (lstsq's residuals of a rank-deficient
    matrix, which NumPy gives as an empty array): it runs only where its value is used, even inside a ``try``."""

    cannot_fail: Fact = False
    foldable: Fact = False
    hoistable: Fact = True
    strict: Fact = False
    for_value_only: bool = False


# The effects of an op that raises on values alone, where NumPy's or SciPy's call does (LinAlgError of a singular or
# indefinite matrix, an SVD that does not converge): its node runs even when nothing uses it, as the call would.
RAISES_ON_VALUES = Effects(strict=True)


def _exact_kinds(values: Any) -> bool:
    for v in values:  # Value.dtype is an np.dtype already
        if v.dtype.kind not in "biu":
            return False
    return True


def _known_shapes(values: Any) -> bool:
    return all(None not in v.shape for v in values)


def on_integers(node: Any) -> bool:
    """Integer and boolean work is exact everywhere: every input and output is of such a dtype."""
    return _exact_kinds(tuple(node.inputs) + tuple(node.outputs))


def wraps(node: Any) -> bool:
    """Integer arithmetic wraps silently on arrays; on NumPy scalars (0-d values) it warns on overflow,
    and float arithmetic may overflow (a warning)."""
    return _exact_kinds(node.inputs) and len(node.outputs[0].shape) > 0


def flips_sign(node: Any) -> bool:
    """``neg`` / ``abs``: a sign flip or clear on floats never rounds, overflows or warns; integers wrap."""
    return node.inputs[0].dtype.kind == "f" or wraps(node)


def known_shapes(node: Any) -> bool:
    """Data movement: cannot fail once every input shape is known (the shape rule checked it)."""
    return _known_shapes(node.inputs)


def static_index(node: Any) -> bool:
    """A static index into a known shape was bounds-checked while tracing."""
    return len(node.inputs) == 1 and None not in node.inputs[0].shape


def exact_on_known_shapes(node: Any) -> bool:
    """``sum`` / ``prod`` / ``matmul`` of integers and booleans (they wrap) of known shapes."""
    return _exact_kinds(node.inputs) and _known_shapes(node.inputs)


def safe_cast(node: Any) -> bool:
    """Casts that never warn: from integers and booleans (ints wrap, floats round), to bool, or to
    a float at least as wide (float to int warns on NaN, a narrower float on overflow)."""
    source, target = node.inputs[0].dtype, np.dtype(node.attrs["dtype"])
    if source.kind in "biu" or target.kind == "b":
        return True
    return source.kind == "f" and target.kind in "fc" and target.itemsize >= source.itemsize


def not_to_float16(node: Any) -> bool:
    """Casts other than to float16: XLA rounds to float16 through float32, twice, where NumPy rounds once."""
    return np.dtype(node.attrs["dtype"]) != np.float16


def holds(fact: Fact, node: Any) -> bool:
    """Whether ``fact`` holds of ``node``."""
    return fact(node) if callable(fact) else fact


# --- the record ------------------------------------------------------------------------------------

@dataclass(frozen=True)
class OpDef:
    """One op. ``rule(inputs, attrs)`` returns the ``(shape, dtype)`` of every output.

    ``kernel(*arrays, **attrs)`` computes it on NumPy arrays, returning the output or a tuple of
    outputs (None for ``cond`` / ``while_loop``, whose kernels the interpreter builds from their
    compiled subgraphs). ``effects``: what the passes may do with a node of it.

    ``jax``: where its JAX rule is: a module under ``runtime.jax`` whose ``RULES[name]`` is the rule
    ``rule(ctx, *inputs, **attrs)`` (see runtime/jax/lowering.py), or a JAX function's dotted path
    (``"jax.numpy.real"``, called as ``fn(*inputs, **attrs)``). ``numba``: the module under
    ``runtime.numba`` whose ``RULES[name]`` lowers it, or None where numba does not claim the op (its
    graphs then run on the interpreter)."""

    name: str
    rule: Callable[[Sequence[Any], Any], list]
    stateful: bool = False
    ufunc: Optional[np.ufunc] = None  # the NumPy ufunc an elementwise op is (lowerings reuse its name)
    subgraphs: tuple[str, ...] = ()   # attrs that hold subgraphs
    kernel: Optional[Callable[..., Any]] = None
    effects: Effects = Effects()
    jax: Optional[str] = None
    numba: Optional[str] = None


OPS: dict[str, OpDef] = {}


def define(name: str, rule: Callable, **kw: Any) -> OpDef:
    """Add op ``name`` to the closed set (each name once)."""
    assert name not in OPS, name
    OPS[name] = opdef = OpDef(name, rule, **kw)
    return opdef
