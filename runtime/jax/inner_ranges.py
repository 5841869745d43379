"""Inner ``range()`` loops whose bounds follow the index of an enclosing static-range scan.

Before (``jax.jit`` of the converted function; the outer loop is a ``lax.scan``, so ``i`` is
traced and ``range(n - i - 1)`` has a traced bound)::

    for i in range(n):
        for j in range(n - i - 1):
            body(j)

After (the outer range is static, so the inner bound is known at trace time for every ``i``: its
largest trip count, here ``n - 1``, bounds an inner scan whose iterations past the real count do
nothing; both loops are scans, so ``jax.grad`` goes through them)::

    for i in range(n):                      # one lax.scan
        for k in range(n - 1):              # one lax.scan
            if k < n - i - 1:               # lax.cond (or select) on the traced k
                body(0 + k * 1)

How the largest trip count is found: the outer body is traced once more (a *probe*, thrown
away) with the outer index and the carried variables as inputs, up to the inner loop, whose
``start, stop, step`` become the probe's outputs. If they read only the index (and values known
at trace time: shapes, Python numbers, concrete arrays), they are evaluated for every value the
outer index takes, and the trip count's maximum is the inner scan's length. A bound that reads a
carried variable or a traced argument has no static maximum: the outer loop is then unrolled as
before (``UnrolledLoopWarning``), since the inner loop would be a ``lax.while_loop`` that
``jax.grad`` cannot differentiate.

Each inner loop reached while the outer body is traced is matched to its probe by the order in
which it is reached and its ``file:line``; a mismatch refuses the scan (the outer loop is unrolled).
"""

from __future__ import annotations

from contextvars import ContextVar
from typing import Any, Callable, Optional

import jax
import jax.numpy as jnp
import numpy as np

from runtime.jax.jax_internals import Literal, eval_jaxpr, no_effects, pe  # pe.dce_jaxpr: which inputs the bounds read
from runtime.staging import StagingError, staging_error

# At most this many inner loops with index-dependent bounds per outer body (each needs a probe).
MAX_INNER_LOOPS = 8

_REFUSED = ("its body loops over a range() whose bound is traced once the loop index is (such as "
            "range(n - i - 1)), and {why}; that inner loop would be a lax.while_loop, which jax.grad cannot "
            "differentiate, while unrolled each copy's inner loop is a scan where its bound reads only the index "
            "(a Python int in each copy; a bound that reads other traced values stays a while_loop). To keep the outer "
            "loop a scan, give the inner one a static bound and a guard: for j in range(max_n): "
            "if j < bound: ...")


class Attempt:
    """One static-range scan being traced: the inner loops with index-dependent bounds found so far
    in its body (``bounds``: per loop in the order reached, its ``file:line`` and largest trip
    count) and where the body's current trace is in that list."""

    def __init__(self, outer: range) -> None:
        self.outer = outer
        self.bounds: list[tuple[str, int]] = []
        self.position = 0
        self.probing = False  # tracing a probe: stop at the first inner loop not bounded yet


class BoundNeeded(Exception):
    """The body of ``attempt`` reached an inner loop not bounded yet: probe it, then trace again."""

    def __init__(self, attempt: Attempt, where: str) -> None:
        super().__init__(f"{where}: an inner range() needs a static bound")
        self.attempt, self.where = attempt, where


class Reached(Exception):
    """A probe reached the inner loop it looks for; ``bounds`` are its (start, stop, step)."""

    def __init__(self, attempt: Attempt, bounds: tuple) -> None:
        super().__init__("probe reached its inner loop")
        self.attempt, self.bounds = attempt, bounds


# The innermost static-range scan whose body is being traced in this thread or task, if any.
CURRENT: ContextVar[Optional[Attempt]] = ContextVar("autograph_jax_static_range_attempt", default=None)


def trip_count_bound(attempt: Attempt, where: str, start: Any, stop: Any, step: Any) -> int:
    """The static length for the inner ``range(start, stop, step)`` reached at ``where`` while
    ``attempt``'s body is traced; raises ``BoundNeeded`` when it must be probed first (or, in a
    probe, hands the bounds to it)."""
    position = attempt.position
    if position < len(attempt.bounds):
        known, length = attempt.bounds[position]
        if known != where:
            raise staging_error(_REFUSED.format(why=f"the inner loops were reached in another order when the "
                                                    f"body was traced again ({known}, then {where})"))
        attempt.position = position + 1
        return length
    if attempt.probing:
        raise Reached(attempt, (start, stop, step))
    if len(attempt.bounds) >= MAX_INNER_LOOPS:
        raise staging_error(_REFUSED.format(why=f"the body reaches more than {MAX_INNER_LOOPS} such loops"))
    raise BoundNeeded(attempt, where)


def probe(attempt: Attempt, where: str, index_aval: Any, run_body: Callable[[Any, tuple], None],
          carried: list) -> int:
    """The largest trip count, over every value of the outer index, of the inner loop that
    ``attempt``'s body reaches next (at ``where``). ``run_body(index, carried)`` runs the outer body
    once with the carried leaves ``carried`` (traced as inputs, so a bound that reads them is refused)."""
    def refused(why: str) -> StagingError:
        return StagingError(f"{where}: {_REFUSED.format(why=why)}")

    def traced(index: Any, *leaves: Any) -> tuple:
        attempt.position, attempt.probing = 0, True
        try:
            run_body(index, leaves)
        except Reached as reached:
            if reached.attempt is attempt:
                return reached.bounds
            raise
        finally:
            attempt.probing = False
        raise refused("that inner loop was not reached when the body was traced again (it depends on how "
                      "often the body is traced)")

    try:
        closed = jax.make_jaxpr(traced)(index_aval, *carried)
    except StagingError:
        raise
    except Exception as error:  # noqa: BLE001 - e.g. the loop sits in a staged if: its bounds are not the probe's
        raise refused("its bound cannot be computed from the loop index alone (the loop sits in a staged if "
                      f"or loop: {type(error).__name__})") from error
    return _largest_trip_count(closed, attempt.outer, refused)


def _bounds_only(jaxpr: Any) -> Any:
    """The equations the bounds are computed from (``dce_jaxpr`` keeps every equation with an effect,
    such as a ``jax.debug.print`` of a carried variable before the inner loop: not the bounds' inputs)."""
    needed = {v for v in jaxpr.outvars if not isinstance(v, Literal)}
    kept = []
    for eqn in reversed(jaxpr.eqns):
        if any(v in needed for v in eqn.outvars):
            kept.append(eqn)
            needed.update(v for v in eqn.invars if not isinstance(v, Literal))
    return jaxpr.replace(eqns=kept[::-1], effects=no_effects)


def _largest_trip_count(closed: Any, outer: range, refused: Callable[[str], StagingError]) -> int:
    """Evaluate the probe's (start, stop, step) for every index of ``outer``; the largest trip count."""
    jaxpr = _bounds_only(pe.convert_constvars_jaxpr(closed.jaxpr))  # inputs: constants, index, carried leaves
    reduced, used = pe.dce_jaxpr(jaxpr, [True] * len(jaxpr.outvars))
    n_consts = len(closed.consts)
    consts = [c for c, u in zip(closed.consts, used[:n_consts]) if u]
    if any(used[n_consts + 1:]) or any(isinstance(c, jax.core.Tracer) for c in consts):
        raise refused("its bound reads a traced value other than the loop index (a variable the loop carries, "
                      "a traced argument, or a value computed inside a staged if or loop)")
    if any(not jnp.issubdtype(v.aval.dtype, jnp.integer) for v in reduced.outvars):
        raise refused("its bounds are not integers")
    indices = np.asarray(outer, dtype=np.int64)
    with jax.ensure_compile_time_eval():
        if used[n_consts]:
            values = jax.vmap(lambda i: eval_jaxpr(reduced, *consts, i))(
                jnp.asarray(indices, jnp.result_type(int)))
        else:
            values = eval_jaxpr(reduced, *consts)
    start, stop, step = (np.broadcast_to(np.asarray(v, np.int64), indices.shape) for v in values)
    if (step == 0).any():
        raise refused("its step is 0 for some value of the loop index")
    # Python's trip count, ceil((stop - start) / step), never negative.
    counts = np.where(step > 0, (stop - start + step - 1) // step, (stop - start + step + 1) // step)
    return int(max(counts.max(initial=0), 0))
