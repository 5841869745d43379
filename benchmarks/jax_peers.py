"""JAX figures: the workloads as converted Python under ``jax.jit`` and as our graph lowered to JAX,
each against hand-written ``lax`` under ``jax.jit``; and staging time against ``jax.make_jaxpr``.

Everything runs with 64-bit types on (``jax.enable_x64(True)``), as ``autograph.function``'s JAX
modes do, so the peer computes in the same dtypes as we do.
"""

from __future__ import annotations

import inspect
from typing import Any, Callable

import numpy as np

import autograph
from benchmarks import workloads
from benchmarks.graphs import fresh
from benchmarks.timing import Row, clear_converter_caches, cold, compare, fmt_time, row
from benchmarks.workloads import Workload, block

STAGING_REPEAT = 10
TARGET, TARGET_LIMIT = "≤ 1.1x", 1.1


def _function_option(name: str) -> bool:
    """Whether ``autograph.function`` takes the keyword ``name`` (``backend``, ``executor``)."""
    return name in inspect.signature(autograph.function).parameters


def _blocking(fn: Callable, args: tuple) -> Callable[[], Any]:
    """``fn(*args)`` waiting for its result; called once here, so it is compiled before it is timed."""
    def call() -> Any:
        return block(fn(*args))
    call()
    return call


def _agrees(a: Any, b: Any) -> bool:
    return np.allclose(np.asarray(a, np.float64), np.asarray(b, np.float64), rtol=1e-6, atol=1e-9)


def _candidates(load: Workload) -> dict[str, tuple[Callable, tuple]]:
    """What to time against the peer: figure -> (function, arguments). Ours get NumPy arrays (what
    ``autograph.function`` documents); the jitted functions get JAX arrays, as JAX users pass them."""
    jax = workloads.jax
    numpy_args, jax_args = load.make_args(), load.jax_args()
    found = {}
    if _function_option("backend"):
        found['autograph.function(f, backend="jax")'] = (autograph.function(load.jnp_fn, backend="jax"), numpy_args)
    found["jax.jit(autograph.to_graph(f))"] = (
        jax.jit(autograph.to_graph(load.jnp_fn), static_argnums=load.static), jax_args)
    if _function_option("executor"):
        found['our graph: function(f, executor="jax")'] = (autograph.function(load.numpy_fn, executor="jax"),
                                                           numpy_args)
    return found


def _execution_rows(load: Workload, notes: list[str]) -> list[Row]:
    jax = workloads.jax
    jax_args = load.jax_args()
    peer_fn = jax.jit(load.lax_fn, static_argnums=load.static)
    calls = {"peer": _blocking(peer_fn, jax_args), "peer on NumPy": _blocking(peer_fn, load.make_args())}
    failed = {}
    expected = peer_fn(*jax_args)
    for figure, (fn, args) in _candidates(load).items():
        try:
            if not _agrees(fn(*args), expected):
                notes.append(f"{load.name}, {figure}: DISAGREES with the lax version")
            calls[figure] = _blocking(fn, args)
        except Exception as error:  # noqa: BLE001  (a mode may not run a workload yet: say how it fails)
            failed[figure] = f"error: {type(error).__name__}"
            notes.append(f"{load.name}, {figure}: {str(error).splitlines()[0][:120]}")
    try:  # the same Python under jit without conversion runs when its control flow is static
        calls["plain"] = _blocking(jax.jit(load.jnp_fn, static_argnums=load.static), jax_args)
    except jax.errors.JAXTypeError:
        pass
    times = dict(zip(calls, compare(*calls.values(), min_time=0.01, rounds=5)))
    peer, peer_numpy, plain = times.pop("peer"), times.pop("peer on NumPy"), times.pop("plain", None)
    rows = [row(f"{load.name}: {figure}", seconds, peer, target=TARGET, limit=TARGET_LIMIT)
            for figure, seconds in times.items()]
    rows += [Row(f"{load.name}: {figure}", why, fmt_time(peer), target=TARGET) for figure, why in failed.items()]
    if not _function_option("executor"):
        rows.append(Row(f"{load.name}: our graph lowered to JAX", "not available", fmt_time(peer), target=TARGET))
    notes.append(f"{load.name}: the peer fed NumPy arrays takes {fmt_time(peer_numpy)}"
                 + ("" if plain is None else f"; the unconverted jnp function under jit (loop unrolled) "
                                             f"{fmt_time(plain)}, the same program as the converted one"))
    return rows


def _staging_row(load: Workload) -> Row:
    jax = workloads.jax
    args = load.jax_args()
    ours = cold(lambda: jax.make_jaxpr(autograph.to_graph(load.jnp_fn), static_argnums=load.static)(*args),
                clear_converter_caches, repeat=STAGING_REPEAT)
    peer = cold(lambda: jax.make_jaxpr(fresh(load.lax_fn), static_argnums=load.static)(*args), lambda: None,
                repeat=STAGING_REPEAT)
    figure = f"staging {load.name}: make_jaxpr(to_graph(f))"
    if load is workloads.STAGING:  # the figure TARGETS.md sets: a staged if and a staged while
        return row(figure, ours, peer, target="≤ 3 ms", limit=3e-3, on="ours")
    return row(figure, ours, peer)


def run() -> tuple[list[Row], list[str]]:
    jax = workloads.jax
    if jax is None:
        return [Row("jax is not installed", "not available")], []
    rows, notes = [], []
    with jax.enable_x64(True):
        for load in workloads.WORKLOADS:
            rows += _execution_rows(load, notes)
        rows += [_staging_row(load) for load in (workloads.STAGING, *workloads.WORKLOADS)]
    notes[:0] = [
        "peer: jax.jit(hand-written lax) on JAX arrays, x64 on; autograph.function modes take NumPy arrays and "
        "return NumPy arrays (their documented interface), so their rows include that call overhead",
        f"staging: jax.make_jaxpr of a fresh function object, converter caches cleared for ours; min of "
        f"{STAGING_REPEAT}",
    ]
    return rows, notes
