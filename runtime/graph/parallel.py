"""Independent heavy branches of a graph on a thread pool: decided once per graph, when it is compiled.

NumPy releases the GIL inside its kernels (BLAS matmuls, elementwise loops over large arrays), so
two chains of matmuls that do not depend on each other can run at once on two cores, where eager
NumPy runs them one after the other. For

    a = x @ x @ x @ x            # chain 1
    b = y @ y @ y @ y            # chain 2, independent of chain 1
    return a + b

``plan`` finds the maximal runs of consecutive nodes without effects or control flow (a *region*;
prints, asserts, variable reads and writes, ``cond`` and ``while_loop`` end one, so effects never
move), estimates each node's cost from its static shapes (``cost``: matmul and linear-algebra
flops, element counts for the rest), and schedules the region's nodes on ``LANES`` lanes (greedy
list scheduling: each node goes to the lane where it would finish first, counting ``HANDOFF`` for
an input made on another lane; a matmul large enough that BLAS threads it itself, ``uses_every_core``,
occupies every lane). When the schedule's estimated time beats running the region on one
thread by at least ``PAYS_OFF``, the region becomes one ``Region`` instruction; otherwise nothing
changes. So only graphs with at least two independent branches that are each heavy enough ever
touch the pool.

A ``Region`` runs lane 0 on the calling thread and the other lanes on a small shared
``concurrent.futures`` thread pool (made on first use, ``LANES - 1`` threads), each in a copy of
the caller's context (NumPy's ``errstate`` travels with it). A value one lane needs from another
is waited for with an event. Each lane calls the same kernels on the same inputs as the sequential
program, so the results are the same bits. If any kernel raises (or warns: the interpreter turns
the warnings of its own frames into errors), the lanes stop and the region runs again from its
inputs, one node at a time, in the traced order, as without the pool: so the error that
propagates, the warnings issued and their order are the sequential ones. Region nodes have no
effects, so running them twice changes nothing but time.

The switch: ``interpreter.run(graph, inputs, parallel=False)``, or the environment variable
``AUTOGRAPH_PARALLEL=0`` for whole programs (read when a graph is first run).
"""

from __future__ import annotations

import concurrent.futures
import contextvars
import math
import os
import threading
import types
from typing import Any, Optional, Sequence

from runtime.graph import kernels, ops
from runtime.graph.instructions import Block, Instruction

LANES = min(os.cpu_count() or 1, 2)   # the pool's threads are LANES - 1
HANDOFF = 50e-6                       # seconds to hand a value to another thread and wake it
PAYS_OFF = 200e-6                     # estimated seconds a region must save to run in parallel
FLOPS = 1e10                          # float matmul / linear algebra, flops per second per core
INTEGER_FLOPS = 1e9                   # NumPy's own integer matmul loop
ELEMENTS = 1e9                        # elementwise work, elements per second
BLAS_THREADED = 64 ** 3               # OpenBLAS runs a float matmul with m*n*k above this on every core itself
_LINALG_CUBIC = frozenset({"solve", "inv", "det", "slogdet", "cholesky", "qr", "svd", "eig", "eigh", "eigvals",
                           "eigvalsh", "lstsq", "pinv", "matrix_power", "matrix_rank"})


def cost(node: Any) -> Optional[float]:
    """Estimated seconds for ``node``'s kernel from its static shapes; None when a shape is unknown."""
    values = (*node.inputs, *node.outputs)
    if any(None in v.shape for v in values):
        return None
    if node.op == "matmul" and node.outputs:
        a = node.inputs[0]
        inner = a.shape[-1] if a.shape else 1
        flops = 2.0 * math.prod(node.outputs[0].shape) * inner
        return flops / (FLOPS if node.outputs[0].dtype.kind in "fc" else INTEGER_FLOPS)
    if node.op in _LINALG_CUBIC and node.inputs and len(node.inputs[0].shape) >= 2:
        shape = node.inputs[0].shape
        return 10.0 * math.prod(shape[:-2]) * max(shape[-2:]) ** 3 / FLOPS
    return sum(math.prod(v.shape) for v in values) / ELEMENTS


def uses_every_core(node: Any) -> bool:
    """Whether BLAS runs ``node`` on all cores already (a large float matmul): it gains nothing from a lane
    of its own, and running beside another one would only share the cores."""
    if node.op != "matmul" or not node.outputs or node.outputs[0].dtype.kind not in "fc":
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
    if sum(costs) - makespan < PAYS_OFF:
        return None
    defined = {o for ins in run for o in ins.outs}
    inputs = tuple(sorted({i for ins in run for i in ins.ins} - defined))
    outputs = tuple(sorted(defined & later))
    region = Region(module.template, run, lanes, inputs, outputs)
    name = f"region{len(module.namespace)}"
    module.namespace[name] = region
    marker = types.SimpleNamespace(op="parallel region", location=None)
    call = f"{name}({', '.join(f's{i}' for i in inputs)})"
    return Instruction(marker, region, inputs, outputs, True, call)


def schedule(run: Sequence[Any], costs: Sequence[float]) -> tuple[list[int], float]:
    """A lane for each instruction (greedy: where it finishes first) and the estimated makespan."""
    free = [0.0] * LANES
    made: dict[int, tuple[int, float]] = {}  # slot -> (lane, time it is ready)
    lanes = []
    for ins, c in zip(run, costs):
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
        return lanes, sum(costs)
    return lanes, max(free)


# --- running a region ---------------------------------------------------------------------------------

_pool: list = []
_pool_lock = threading.Lock()


def pool() -> concurrent.futures.ThreadPoolExecutor:
    """The shared thread pool, made on first use."""
    if not _pool:
        with _pool_lock:
            if not _pool:
                _pool.append(concurrent.futures.ThreadPoolExecutor(LANES - 1, thread_name_prefix="autograph-graph"))
    return _pool[0]


class _Stop(Exception):
    """Another lane failed: this one stops."""


# The lane loop calls the kernels from a frame of the kernels' module, so the warnings a kernel issues
# become errors there (kernels.own_warnings) and make the region run again sequentially.
_LANE_SOURCE = '''
def run_lane(env, work, failed):
    for kernel, ins, outs, tuple_out, waits, done in work:
        for event in waits:
            event.wait()
        if failed:
            raise Stop()
        result = kernel(*[env[i] for i in ins])
        if tuple_out or len(outs) > 1:
            for o, value in zip(outs, result):
                env[o] = value
        elif outs:
            env[outs[0]] = result
        if done is not None:
            done.set()
'''
_lane_namespace: dict[str, Any] = {"__name__": kernels.__name__, "Stop": _Stop}
exec(compile(_LANE_SOURCE, os.path.join(os.path.dirname(__file__), "<graph lane>"), "exec"), _lane_namespace)
_run_lane = _lane_namespace["run_lane"]


class Region:
    """A run of effect-free nodes split over lanes: ``region(*inputs) -> outputs`` (a tuple)."""

    def __init__(self, template: list, run: list, lanes: list[int], inputs: tuple[int, ...],
                 outputs: tuple[int, ...]) -> None:
        self.template, self.inputs, self.outputs = template, inputs, outputs
        self.sequential = Block(run)
        self.lanes = lanes
        self.run = run
        self.producer = {o: k for k, ins in enumerate(run) for o in ins.outs}
        # The instructions another lane waits for: they signal an event (made per call).
        self.signals = sorted({self.producer[i] for ins, lane in zip(run, lanes) for i in ins.ins
                               if i in self.producer and lanes[self.producer[i]] != lane})

    def __call__(self, *values: Any) -> tuple:
        env = self.template.copy()
        for slot, value in zip(self.inputs, values):
            env[slot] = value
        events = {k: threading.Event() for k in self.signals}
        work: list[list] = [[] for _ in range(LANES)]
        for k, (ins, lane) in enumerate(zip(self.run, self.lanes)):
            waits = [events[self.producer[i]] for i in ins.ins
                     if i in self.producer and self.lanes[self.producer[i]] != lane]
            work[lane].append((ins.kernel, ins.ins, ins.outs, ins.tuple_out, waits, events.get(k)))
        failed: list = []
        futures = [pool().submit(contextvars.copy_context().run, self._lane, env, work[lane], failed, events)
                   for lane in range(1, LANES) if work[lane]]
        self._lane(env, work[0], failed, events)
        for future in futures:
            future.result()
        if failed:  # run again, in order, as without the pool: the same error, the same warnings
            env = self.template.copy()
            for slot, value in zip(self.inputs, values):
                env[slot] = value
            for step in self.sequential.steps():
                step(env)
        return tuple(env[o] for o in self.outputs)

    @staticmethod
    def _lane(env: list, work: list, failed: list, events: dict) -> None:
        try:
            _run_lane(env, work, failed)
        except _Stop:
            pass
        except BaseException as error:
            failed.append(error)  # the region runs again sequentially and raises it there
            for event in events.values():
                event.set()  # no lane waits for a value that will not come
            if not isinstance(error, Exception):  # KeyboardInterrupt and the like go on at once
                raise
