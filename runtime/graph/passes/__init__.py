"""Optimization passes on the graph IR: each a function ``Graph -> Graph``, and the pipeline.

``optimize(graph)`` runs the passes below in order, and again while one of them may have given
an earlier one work (at most ``MAX_ROUNDS`` rounds). Tracing applies it (``runtime.graph.trace``),
so the NumPy interpreter, the JAX lowering, ``str(graph)`` and ``graph.to_dot()`` all see the
optimized graph;
``graph.unoptimized`` is the graph as traced. Turn it off with ``trace(..., optimize=False)`` or,
for whole programs (``autograph.function``), the environment variable ``AUTOGRAPH_OPTIMIZE=0``.

Every pass gives bit-identical results (same values, dtypes and shapes, NaN and -0.0 included)
and keeps every effect and every possible error at its node: what a pass may do with a node is
asked of ``effects`` (one place), never decided case by case. docs/optimizations.md has each
pass's exactness argument and what it buys.
"""

from __future__ import annotations

import os
from typing import Callable

from runtime.graph.ir import Graph
from runtime.graph.passes import cse, dce, fold, licm, roll, simplify

# The order matters: folding first makes constants the simplifier and CSE can see (x * (2 - 1));
# simplification before CSE so that equal rewritten chains merge; LICM after CSE so a value
# computed twice in a body moves once; rolling repeated blocks after CSE (equal constants, such
# as zero biases, are one value by then, read by every block alike, so they are not stacked) and
# after LICM (whose loops it leaves alone: its own body reads the stacked constants by the
# counter, which LICM never hoists); dead-node removal last sweeps what the others orphaned (the
# rolled blocks' own constants).
PASSES: dict[str, Callable[[Graph], Graph]] = {
    "fold": fold.run,
    "simplify": simplify.run,
    "cse": cse.run,
    "licm": licm.run,
    "roll": roll.run,
    "dce": dce.run,
}
# In that order a pass rarely gives an earlier one new work: folding sees every constant the
# others could expose (they only forward values), and removal enables nothing. LICM does: the
# nodes it moves out (and the constants they read) join the enclosing graph, where CSE can
# merge them with equal ones. So another round runs only when LICM changed the graph, at most
# MAX_ROUNDS in all (a second round costs as much as the first).
ENABLES_EARLIER = ("licm",)
MAX_ROUNDS = 3
ENV_SWITCH = "AUTOGRAPH_OPTIMIZE"


def enabled() -> bool:
    """Whether tracing optimizes by default: yes, unless ``AUTOGRAPH_OPTIMIZE`` is ``0``/``false``/``off``."""
    return os.environ.get(ENV_SWITCH, "1").strip().lower() not in ("0", "false", "off", "no")


def optimize(graph: Graph, passes: tuple[str, ...] = tuple(PASSES)) -> Graph:
    """``graph`` after ``passes`` (names in ``PASSES``, run in the pipeline's order). The result
    remembers the input as ``result.unoptimized``."""
    unknown = set(passes) - set(PASSES)
    if unknown:
        raise ValueError(f"unknown graph passes {sorted(unknown)}; the passes are {list(PASSES)}")
    original = graph.unoptimized
    for _ in range(MAX_ROUNDS):
        again = False
        for name in PASSES:
            if name in passes:
                before, graph = graph, PASSES[name](graph)
                again |= graph is not before and name in ENABLES_EARLIER
        if not again:
            break
    if graph is not original:
        graph._cache["unoptimized"] = original
    return graph
