"""Independent heavy branches of a graph on a thread pool: decided once per graph, when it is compiled.

NumPy releases the GIL inside its kernels (BLAS matmuls, elementwise loops over more than 500
elements), so two chains of matmuls that do not depend on each other can run at once on two cores,
where eager NumPy runs them one after the other. For

    a = x @ x @ x @ x            # chain 1
    b = y @ y @ y @ y            # chain 2, independent of chain 1
    return a + b

``plan`` finds the maximal runs of consecutive nodes without effects or control flow (a *region*;
prints, asserts, variable reads and writes, ``cond`` and ``while_loop`` end one, so effects never
move), estimates each node's cost from its static shapes (``cost``: matmul and linear-algebra
flops, element counts for the rest), and schedules the region's nodes on ``LANES`` lanes (greedy
list scheduling: each node goes to the lane where it would finish first, counting ``HANDOFF`` for
an input made on another lane). The estimate counts what threads cannot overlap: a kernel that
keeps the GIL (``holds_gil``: NumPy keeps it for 500 elements or fewer) and each node's few lines of
Python (``NODE``) run one lane at a time, waking a worker costs ``START``, and a matmul that BLAS
already runs on every core (``uses_every_core``) occupies every lane. When the estimated time beats
running the region on one thread by at least ``PAYS_OFF``, the region becomes one ``Region``
instruction (runtime/graph/regions.py); otherwise nothing changes. So only graphs with two or
more independent branches that are each heavy enough ever touch a worker thread.

The switch: ``interpreter.run(graph, inputs, parallel=False)``, or the environment variable
``AUTOGRAPH_PARALLEL=0`` for whole programs (read when a graph is first run).
"""

from __future__ import annotations

import math
import os
import types
from typing import Any, Optional, Sequence

from runtime.graph import ops
from runtime.graph.instructions import Instruction
from runtime.graph.regions import Region

__all__ = ["LANES", "Region", "blas_threads", "cores", "cost", "holds_gil", "plan", "schedule", "uses_every_core"]

def cores() -> int:
    """The CPUs this process may run on (its affinity mask: a container's cpuset counts), else all."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        return os.cpu_count() or 1


LANES = min(cores(), 2)               # lane 0 is the calling thread; the others are workers
HANDOFF = 50e-6                       # seconds to hand a value to another thread and wake it
START = 50e-6                         # seconds to wake the workers of a region and wait for them at its end
NODE = 2e-6                           # seconds of Python (GIL held) per node on a lane, besides its kernel
PAYS_OFF = 200e-6                     # estimated seconds a region must save to run in parallel
FLOPS = 1e10                          # float matmul / linear algebra, flops per second per core
INTEGER_FLOPS = 1e9                   # NumPy's own integer matmul loop
ELEMENTS = 1e9                        # elementwise work, elements per second
GIL_FREE = 500                        # NumPy releases the GIL for a loop of more iterations than this
SMALL_MATMUL = 40 ** 3                # m*n*k of matmuls that two threads were measured not to overlap (see holds_gil)
BLAS_THREADED = 64 ** 3               # OpenBLAS runs a float matmul with m*n*k above this on every core itself
_LINALG_CUBIC = frozenset({"solve", "inv", "inv_or_nan", "det", "slogdet", "cholesky", "qr", "svd", "eig", "eigh",
                           "eigvals", "eigvalsh", "lstsq", "pinv", "matrix_power", "matrix_rank"})
_BLAS_ENVIRONMENT = ("OPENBLAS_NUM_THREADS", "GOTO_NUM_THREADS", "MKL_NUM_THREADS", "OMP_NUM_THREADS")


def blas_threads() -> int:
    """The threads BLAS may use for one large matmul: the first of ``OPENBLAS_NUM_THREADS``,
    ``GOTO_NUM_THREADS``, ``MKL_NUM_THREADS``, ``OMP_NUM_THREADS`` that is set (as OpenBLAS reads
    them when it loads), else every core. With 1, a large matmul leaves the other cores free."""
    for name in _BLAS_ENVIRONMENT:
        value = os.environ.get(name, "").strip()
        if value.isdigit() and int(value) > 0:
            return int(value)
    return cores()


BLAS_THREADS = blas_threads()         # read once: OpenBLAS read them once too, when NumPy loaded it


_PRODUCTS = frozenset({"matmul", "dot", "vdot"})  # (NumPy's matmul, dot and vdot kernels: BLAS or its own loops)


def cost(node: Any) -> Optional[float]:
    """Estimated seconds for ``node``'s kernel from its static shapes; None when a shape is unknown."""
    values = (*node.inputs, *node.outputs)
    if any(None in v.shape for v in values):
        return None
    if node.op in _PRODUCTS and node.outputs:
        a = node.inputs[0]
        inner = a.shape[-1] if a.shape else 1
        flops = 2.0 * math.prod(node.outputs[0].shape) * inner
        return flops / (FLOPS if node.outputs[0].dtype.kind in "fc" else INTEGER_FLOPS)
    if node.op in _LINALG_CUBIC and node.inputs and len(node.inputs[0].shape) >= 2:
        shape = node.inputs[0].shape
        return 10.0 * math.prod(shape[:-2]) * max(shape[-2:]) ** 3 / FLOPS
    return sum(math.prod(v.shape) for v in values) / ELEMENTS


def holds_gil(node: Any) -> bool:
    """Whether ``node``'s kernel keeps the GIL while it runs, so no other lane runs meanwhile: NumPy
    releases it only around a loop of more than ``GIL_FREE`` iterations. A matmul or linear-algebra
    gufunc iterates over its batch times its outputs' core elements (a single ``det`` keeps it at any
    size); an elementwise op or reduction over its largest operand. Matmuls of ``m*n*k`` up to
    ``SMALL_MATMUL`` count as keeping it too: on two threads, 32x32 and 33x33 float64 matmuls were
    measured not to overlap at all (0.97-0.99x; 36x36 and larger overlap 1.8-1.9x), whatever the cause."""
    if not node.outputs:
        return True
    if node.op in _PRODUCTS and node.inputs and node.inputs[0].shape:
        if math.prod(node.outputs[0].shape) * node.inputs[0].shape[-1] <= SMALL_MATMUL:
            return True
    if node.op in _PRODUCTS or node.op in _LINALG_CUBIC:
        iterations = math.prod(max(1, math.prod(v.shape)) for v in node.outputs)
    else:
        iterations = max(math.prod(v.shape) for v in (*node.inputs, *node.outputs))
    return iterations <= GIL_FREE


def uses_every_core(node: Any) -> bool:
    """Whether BLAS runs ``node`` on all cores already (a large float matmul, when BLAS may use several
    threads): it gains nothing from a lane of its own, and beside another one it would share the cores."""
    if BLAS_THREADS < 2 or node.op not in _PRODUCTS or not node.outputs or node.outputs[0].dtype.kind not in "fc":
        return False
    a = node.inputs[0]
    return math.prod(node.outputs[0].shape) * (a.shape[-1] if a.shape else 1) > BLAS_THREADED


def _eligible(instruction: Any) -> bool:
    node = instruction.node
    opdef = ops.OPS.get(node.op)
    return opdef is not None and not opdef.stateful and not opdef.subgraphs


def plan(module: Any, instructions: Sequence[Any], keep: set[int]) -> list:
    """``instructions`` with every run of effect-free nodes that pays off on ``LANES`` threads replaced
    by one ``Region`` instruction; ``keep`` are the slots read after the instructions (outputs)."""
    if LANES < 2:
        return list(instructions)
    out: list = []
    k = 0
    while k < len(instructions):
        if not _eligible(instructions[k]):
            out.append(instructions[k])
            k += 1
            continue
        end = k
        while end < len(instructions) and _eligible(instructions[end]):
            end += 1
        run = list(instructions[k:end])
        later = set(keep).union(*(ins.ins for ins in instructions[end:]))
        region = _region(module, run, later)
        out.extend([region] if region is not None else run)
        k = end
    return out


def _region(module: Any, run: list, later: set[int]) -> Any:
    """The ``Region`` instruction for ``run`` if its schedule pays off, else None."""
    costs = [cost(ins.node) for ins in run]
    if len(run) < 2 or any(c is None for c in costs) or sum(costs) < PAYS_OFF:  # too light to save PAYS_OFF
        return None
    lanes, makespan = schedule(run, costs)
    if sum(costs) + NODE * len(run) - makespan < PAYS_OFF:
        return None
    defined = {o for ins in run for o in ins.outs}
    constants = {i for ins in run for i in ins.ins if f"s{i}" in module.namespace}  # globals of the program
    inputs = tuple(sorted({i for ins in run for i in ins.ins} - defined - constants))
    outputs = tuple(sorted(defined & later))
    name = f"region{len(module.namespace)}"
    region = module.namespace[name] = Region(name, module.template, module.namespace, run, lanes, inputs, outputs)
    marker = types.SimpleNamespace(op="parallel region", location=None)
    call = f"{name}({', '.join(f's{i}' for i in inputs)})"
    return Instruction(marker, region, inputs, outputs, True, call)


def schedule(run: Sequence[Any], costs: Sequence[float]) -> tuple[list[int], float]:
    """A lane for each instruction (greedy: where it finishes first) and the estimated makespan: the
    last lane's finish, but no less than the work that cannot overlap (kernels that keep the GIL and
    every node's Python), plus ``START``. One lane used: the sequential time."""
    free = [0.0] * LANES
    made: dict[int, tuple[int, float]] = {}  # slot -> (lane, time it is ready)
    lanes = []
    serial = 0.0  # what runs one lane at a time
    for ins, c in zip(run, costs):
        c += NODE
        serial += c if holds_gil(ins.node) else NODE
        if uses_every_core(ins.node):  # it waits for every lane, and every lane waits for it
            start = max([*free, *(made[i][1] for i in ins.ins if i in made)])
            free = [start + c] * LANES
            lanes.append(0)
            for o in ins.outs:
                made[o] = (0, start + c)
            continue
        best = None
        for lane in range(LANES):
            start = free[lane]
            for i in ins.ins:
                if i in made:
                    where, ready = made[i]
                    start = max(start, ready + (HANDOFF if where != lane else 0.0))
            if best is None or start + c < best[1]:
                best = (lane, start + c)
        lane, finish = best
        free[lane] = finish
        lanes.append(lane)
        for o in ins.outs:
            made[o] = (lane, finish)
    if len(set(lanes)) < 2:
        return lanes, sum(costs) + NODE * len(run)
    return lanes, max(max(free), serial) + START
