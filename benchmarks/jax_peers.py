"""JAX figures: the workloads as converted Python under ``jax.jit`` and as our graph lowered to JAX,
each against hand-written ``lax`` under ``jax.jit``; and staging time against ``jax.make_jaxpr``.

The peer is timed twice: on JAX arrays already on the device (the bar of the issue) and on the same
NumPy arrays the ``autograph.function`` rows get (both then pay the host-to-device copy). Every
``Function`` row gets one ratio against each, labelled in its figure. Everything runs with 64-bit
types on (``jax.enable_x64(True)``), as ``executor="jax"`` does, so the peer computes in the same
dtypes as we do.
"""

from __future__ import annotations

import inspect
from typing import Any, Callable

import numpy as np

import autograph
from benchmarks import workloads
from benchmarks.graphs import fresh
from benchmarks.interleaved import describe, interleaved, median
from benchmarks.timing import Row, clear_converter_caches, cold, compare, fmt_time, row
from benchmarks.workloads import Workload, block

STAGING_REPEAT = 10
SINGLE_CALL_ROUNDS = 4000  # calls of each side in the interleaved single-call row
ROUNDS = 7  # alternations of ours and the peers (timing.compare): on a shared machine, more rounds, steadier minima
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


PEER_JAX, PEER_NUMPY = "÷ lax on JAX arrays", "÷ lax on the same NumPy arrays"
PEER_NUMPY_OUT = "÷ lax on the same NumPy arrays, np.asarray out"


def _candidates(load: Workload) -> dict[str, tuple[Callable, tuple, bool, bool]]:
    """What to time against the peer: figure -> (function, arguments, whether it is fed NumPy arrays, whether
    it returns NumPy arrays). Ours get NumPy arrays (what ``autograph.function`` documents); the jitted
    functions get JAX arrays, as JAX users pass them, and so does one more ``backend="jax"`` Function: the
    comparison with the issue's peer on the same inputs."""
    jax = workloads.jax
    numpy_args, jax_args = load.make_args(), load.jax_args()
    found = {}
    if _function_option("backend"):
        found['function(f, backend="jax")'] = (autograph.function(load.jnp_fn, backend="jax"), numpy_args, True,
                                               False)
        # The same inputs as the peer: a JAX user's arrays, already on the device (no copy either side).
        found['function(f, backend="jax") fed JAX arrays'] = (autograph.function(load.jnp_fn, backend="jax"),
                                                              jax_args, False, False)
    found["jax.jit(autograph.to_graph(f))"] = (
        jax.jit(autograph.to_graph(load.jnp_fn), static_argnums=load.static), jax_args, False, False)
    if _function_option("executor"):
        found['our graph: function(f, executor="jax")'] = (autograph.function(load.numpy_fn, executor="jax"),
                                                           numpy_args, True, True)
    return found


def _to_numpy(result: Any) -> Any:
    """A JAX user's conversion of a result to NumPy: ``np.asarray`` of an array, of each leaf of a tree."""
    jax = workloads.jax
    return np.asarray(result) if isinstance(result, jax.Array) else jax.tree.map(np.asarray, result)


def _execution_rows(load: Workload, notes: list[str]) -> list[Row]:
    """Each candidate against the hand-written lax under jax.jit fed JAX arrays (the issue's peer); for
    the ``Function`` modes, which take NumPy arrays, against the same peer fed those NumPy arrays; and for
    ``executor="jax"``, which returns NumPy arrays (a device-to-host copy), against that peer converting its
    result with ``np.asarray`` too."""
    jax = workloads.jax
    jax_args, numpy_args = load.jax_args(), load.make_args()
    peer_fn = jax.jit(load.lax_fn, static_argnums=load.static)
    calls = {"peer": _blocking(peer_fn, jax_args), "peer on NumPy": _blocking(peer_fn, numpy_args),
             "peer NumPy out": _blocking(lambda *args: _to_numpy(peer_fn(*args)), numpy_args)}
    failed, fed_numpy, numpy_out = {}, set(), set()
    expected = peer_fn(*jax_args)
    for figure, (fn, args, numpy_in, returns_numpy) in _candidates(load).items():
        try:
            if not _agrees(fn(*args), expected):
                notes.append(f"{load.name}, {figure}: DISAGREES with the lax version")
            calls[figure] = _blocking(fn, args)
            if numpy_in:
                fed_numpy.add(figure)
            if returns_numpy:
                numpy_out.add(figure)
        except Exception as error:  # noqa: BLE001  (a mode may not run a workload yet: say how it fails)
            failed[figure] = f"error: {type(error).__name__}"
            notes.append(f"{load.name}, {figure}: {str(error).splitlines()[0][:120]}")
    try:  # the same Python under jit without conversion runs when its control flow is static
        calls["plain"] = _blocking(jax.jit(load.jnp_fn, static_argnums=load.static), jax_args)
    except jax.errors.JAXTypeError:
        pass
    times = dict(zip(calls, compare(*calls.values(), min_time=0.01, rounds=ROUNDS)))
    peer, peer_numpy, plain = times.pop("peer"), times.pop("peer on NumPy"), times.pop("plain", None)
    peer_numpy_out = times.pop("peer NumPy out")
    rows = []
    for figure, seconds in times.items():
        rows.append(row(f"{load.name}: {figure} {PEER_JAX}", seconds, peer, target=TARGET, limit=TARGET_LIMIT))
        if figure in fed_numpy:
            rows.append(row(f"{load.name}: {figure} {PEER_NUMPY}", seconds, peer_numpy, target=TARGET,
                            limit=TARGET_LIMIT))
        if figure in numpy_out:
            rows.append(row(f"{load.name}: {figure} {PEER_NUMPY_OUT}", seconds, peer_numpy_out, target=TARGET,
                            limit=TARGET_LIMIT))
    rows += [Row(f"{load.name}: {figure}", why, fmt_time(peer), target=TARGET) for figure, why in failed.items()]
    if not _function_option("executor"):
        rows.append(Row(f"{load.name}: our graph lowered to JAX", "not available", fmt_time(peer), target=TARGET))
    if plain is not None:
        notes.append(f"{load.name}: the unconverted jnp function under jit (loop unrolled) takes {fmt_time(plain)}, "
                     "the same program as the converted one")
    return rows


def _single_call_row(notes: list[str]) -> Row:
    """``halve`` through ``function(f, executor="jax")`` one call at a time, interleaved in random order with
    the peer a NumPy user of JAX writes, ``np.asarray(jax.jit(halve_lax)(x))`` on the same NumPy array (64 bits
    on for both): p50 of thread CPU time (benchmarks/interleaved.py). Batches hide what the Python around
    XLA's dispatch costs a call made between other work (docs/benchmarks.md, "The call path, second pass")."""
    jax = workloads.jax
    load = next(w for w in workloads.WORKLOADS if w.numpy_fn is workloads.halve)
    args = load.make_args()
    ours = autograph.function(load.numpy_fn, executor="jax")
    jitted = jax.jit(load.lax_fn)

    def peer(x: np.ndarray) -> np.ndarray:
        return np.asarray(jitted(x))

    if not _agrees(ours(*args), peer(*args)):
        notes.append(f"{load.name}, single calls: DISAGREES with the lax version")
    times = interleaved({"ours": (ours, args), "peer": (peer, args)}, rounds=SINGLE_CALL_ROUNDS)
    notes.append(f"{load.name}, {SINGLE_CALL_ROUNDS} single calls each, interleaved in random order, thread CPU "
                 f"time: {describe(times)}")
    return row(f'{load.name}: function(f, executor="jax"), single calls interleaved, p50 ÷ lax on the same NumPy '
               "arrays, np.asarray out", median(times["ours"]), median(times["peer"]), target=TARGET,
               limit=TARGET_LIMIT)


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
        if _function_option("executor"):
            rows.append(_single_call_row(notes))
        rows += [_staging_row(load) for load in (workloads.STAGING, *workloads.WORKLOADS)]
    notes[:0] = [
        f"peer: jax.jit(hand-written lax), x64 on, its result blocked on. '{PEER_JAX}': the peer on JAX arrays "
        f"already on the device (the issue's bar). '{PEER_NUMPY}': the peer on the NumPy arrays the Function "
        f"rows get, so both pay the host-to-device copy. '{PEER_NUMPY_OUT}': that peer converting its result to "
        'NumPy as executor="jax" does (the device-to-host copy too). The Function rows take NumPy arrays in; '
        'executor="jax" gives NumPy arrays out (a device-to-host copy the first two peers do not make), '
        'backend="jax" JAX arrays',
        f"staging: jax.make_jaxpr of a fresh function object, converter caches cleared for ours; min of "
        f"{STAGING_REPEAT}",
    ]
    return rows, notes
