"""NumPy's float → integer casts, on XLA: ``float_to_int(x, dtype)``.

Before (what ``lax.convert_element_type`` gives for ``x.astype(np.int64)`` of ``[nan, inf, -1e30, 2.7]``)::

    [0, 9223372036854775807, -9223372036854775808, 2]           # XLA saturates, nan is 0

After (what NumPy gives on this machine, and so what ``float_to_int`` gives)::

    [-9223372036854775808, -9223372036854775808, -9223372036854775808, 2]   # x86-64: the C cast

Both truncate toward zero where the integer holds the value. Where it does not (nan, an infinity, a
value out of range), NumPy does what the C cast does on the CPU it runs on: on x86-64, the truncating
instruction's "integer indefinite" (INT_MIN) for a 32- or 64-bit integer, that 32-bit result wrapped
for an 8- or 16-bit one, and for an unsigned 32- or 64-bit one the signed cast's bits below 2**(N-1)
and the value (or 0) above. A graph gives NumPy's results, so the lowering writes NumPy's rule out
with ``where``; a mask is free next to the cast.

Which rule holds here is not assumed: ``rule_for`` runs NumPy's own cast on probe values (every
region and boundary: nan, the infinities, each integer width's limits and their neighbours, halves,
wrapping values) and takes the first candidate rule that gives exactly NumPy's answers (each rule is
written once, over NumPy or JAX, so the probe checks the same code the lowering runs). On a machine
where none does, a float → integer cast does not lower: ``UnknownCastRule``, which says to use
executor='numpy'.
"""

from __future__ import annotations

import functools
from typing import Any, Callable, NamedTuple, Optional

import numpy as np

from runtime.limits import NotStageable


class UnknownCastRule(NotStageable):
    """NumPy's float → integer cast on this machine follows no rule the XLA lowering knows."""


class _Ops(NamedTuple):
    """The few operations a rule needs, over NumPy (the probe) or JAX (the lowering)."""

    where: Callable
    convert: Callable
    bitcast: Callable
    full: Callable
    isnan: Callable


def _numpy_convert(x: Any, dtype: np.dtype) -> Any:
    with np.errstate(invalid="ignore", over="ignore"):  # (values the rule masks out)
        return np.asarray(x).astype(dtype)


_NUMPY = _Ops(np.where, _numpy_convert, lambda x, dtype: np.asarray(x).view(dtype),
              lambda like, value, dtype: np.full(np.shape(like), value, dtype), np.isnan)


@functools.lru_cache(maxsize=1)
def _jax_ops() -> _Ops:
    import jax.numpy as jnp
    from jax import lax

    return _Ops(jnp.where, lax.convert_element_type, lax.bitcast_convert_type,
                lambda like, value, dtype: jnp.full(jnp.shape(like), value, dtype), jnp.isnan)


def _in_range(x: Any, low: float, high: float) -> Any:
    """``low <= x < high`` (False for nan); ``low`` and ``high`` are powers of two, exact in every float."""
    return (x >= low) & (x < high)


def _signed(bits: int) -> np.dtype:
    return np.dtype(f"int{bits}")


def _x86_signed(ops: _Ops, x: Any, bits: int) -> Any:
    """cvttsd2si: the value truncated where int<bits> holds it, INT_MIN elsewhere (nan included)."""
    dtype = _signed(bits)
    inside = _in_range(x, -2.0 ** (bits - 1), 2.0 ** (bits - 1))
    truncated = ops.convert(ops.where(inside, x, 0), dtype)
    return ops.where(inside, truncated, ops.full(x, np.iinfo(dtype).min, dtype))


def _x86(ops: Any, x: Any, dtype: np.dtype) -> Any:
    bits = dtype.itemsize * 8
    if bits <= 16:  # the C cast goes through int32, then keeps the low bits
        return ops.convert(_x86_signed(ops, x, 32), dtype)
    if dtype.kind == "i":
        return _x86_signed(ops, x, bits)
    # unsigned 32 / 64: above 2**(N-1) the value (0 past 2**N), below it the signed cast's bits
    high = x >= 2.0 ** (bits - 1)  # (False for nan)
    exact = _in_range(x, 2.0 ** (bits - 1), 2.0 ** bits)
    upper = ops.where(exact, ops.convert(ops.where(exact, x, 0), dtype), ops.full(x, 0, dtype))
    return ops.where(high, upper, ops.bitcast(_x86_signed(ops, x, bits), dtype))


def _saturating(ops: Any, x: Any, dtype: np.dtype) -> Any:
    """Clamped to the integer's range, nan to 0 (what XLA's own convert does)."""
    info = np.iinfo(dtype)
    low, high = float(info.min), 2.0 ** (info.bits - (dtype.kind == "i"))
    inside = _in_range(x, low, high)
    clamped = ops.where(x < low, ops.full(x, info.min, dtype), ops.full(x, info.max, dtype))
    value = ops.where(inside, ops.convert(ops.where(inside, x, 0), dtype), clamped)
    return ops.where(ops.isnan(x), ops.full(x, 0, dtype), value)


def _saturating_through_int32(ops: Any, x: Any, dtype: np.dtype) -> Any:
    """A narrow integer made from the 32-bit saturated value's low bits."""
    if dtype.itemsize > 2:
        return _saturating(ops, x, dtype)
    return ops.convert(_saturating(ops, x, np.dtype(np.int32)), dtype)


_RULES: tuple[tuple[str, Callable], ...] = (
    ("x86-64", _x86),
    ("saturating", _saturating),
    ("saturating through int32", _saturating_through_int32),
)


def _probe(source: np.dtype) -> np.ndarray:
    """Values of ``source`` in every region a rule tells apart, and on each boundary."""
    values = [np.nan, np.inf, -np.inf, 0.0, -0.0, 0.5, -0.5, 0.9999, -0.9999, 1.5, -1.5, 2.7, -2.7, 1e30, -1e30,
              300.0, -129.0, 70000.0, -70000.0, 3e9, -3e9, 1.5e19, -1.5e19]
    for bits in (7, 8, 15, 16, 31, 32, 63, 64):
        edge = 2.0 ** bits
        values += [edge, -edge, edge - 1, -edge - 1, edge + 1, -edge + 1, edge * 1.5, -edge * 1.5,
                   np.nextafter(edge, 0), np.nextafter(-edge, 0), np.nextafter(edge, np.inf),
                   np.nextafter(-edge, -np.inf)]
    finfo = np.finfo(source)
    values += [float(finfo.max), float(-finfo.max), float(finfo.tiny), float(-finfo.tiny)]
    with np.errstate(over="ignore"):
        return np.array(values, dtype=np.float64).astype(source)


@functools.cache
def rule_for(source: np.dtype, target: np.dtype) -> Optional[tuple[str, Callable]]:
    """The rule NumPy's ``astype`` follows here from float ``source`` to integer ``target``, checked on
    ``_probe`` values: (its name, the rule), or None if none of ``_RULES`` gives NumPy's answers."""
    probe = _probe(source)
    want = _answer_anywhere(probe, target)
    if want is None:
        return None
    wide = _numpy_convert(probe, np.float32) if source.itemsize < 4 else probe  # (as float_to_int computes)
    for name, rule in _RULES:
        got = rule(_NUMPY, wide, target)
        if got.dtype == want.dtype and np.array_equal(got, want):
            return name, rule
    return None


def _answer_anywhere(probe: np.ndarray, target: np.dtype) -> Optional[np.ndarray]:
    """NumPy's cast of each ``probe`` value, if it is the same wherever the value stands: in one array, alone,
    0-d, in a long run (NumPy's vector loops) and in a strided one; None if not (float64 -> uint32 casts a
    value out of range to 2**31 in a vector loop and to 0 in its scalar tail here, so no rule can hold)."""
    whole = _numpy_convert(probe, target)
    alone = np.concatenate([_numpy_convert(probe[i:i + 1], target) for i in range(len(probe))])
    zero_d = np.array([_numpy_convert(probe[i], target) for i in range(len(probe))], dtype=target)
    run = _numpy_convert(np.repeat(probe, 33), target).reshape(-1, 33)
    strided = _numpy_convert(np.repeat(probe, 66)[::2], target).reshape(-1, 33)
    same = (np.array_equal(alone, whole) and np.array_equal(zero_d, whole)
            and bool((run == whole[:, None]).all()) and bool((strided == whole[:, None]).all()))
    return whole if same else None


def float_to_int(x: Any, dtype: Any) -> Any:
    """``x.astype(dtype)`` of a JAX float (or complex: its real part, as NumPy takes) array, for an integer
    ``dtype``, as NumPy casts here."""
    import jax.numpy as jnp

    target = np.dtype(dtype)
    if jnp.iscomplexobj(x):
        x = jnp.real(x)
    source = np.dtype(x.dtype)
    found = rule_for(source, target)
    if source.itemsize < 4:  # a half: every value exact in float32, where the rules' limits are exact too
        x = x.astype(np.float32)
    if found is None:
        raise UnknownCastRule(
            f"a cast from {source} to {target}: NumPy's cast of a value "
            f"{target} cannot hold (nan, an infinity, one out of range) follows on this machine no rule the XLA "
            "lowering knows, so executor='jax' could not give NumPy's answer for one. Run this function with "
            "executor='numpy' (the default)")
    return found[1](_jax_ops(), x, target)


def needs_rule(source: Any, target: Any) -> bool:
    """Whether a cast from ``source`` to ``target`` is a float (or complex) → integer one."""
    return np.dtype(source).kind in "fc" and np.dtype(target).kind in "iu"
