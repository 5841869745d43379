"""A parallel region at run time: one generated straight-line function per lane, lane 0 on the calling
thread and the others on claimed workers (runtime/graph/workers.py). For two chains

    lane 0 (calling thread)                 lane 1 (a worker)
    def region4_lane0(box, locks, failed):  def region4_lane1(box, locks, failed):
        s0 = box[0]                             s1 = box[1]
        s2 = k1_matmul(s0, s0)                  s3 = k2_matmul(s1, s1)
        s4 = k3_matmul(s2, s0)                  s5 = k4_matmul(s3, s1)
        del s0, s2                              del s1, s3
        locks[0].acquire()                      box[2] = s5
        if failed:                              locks[0].release()
            return
        s5 = box[2]
        s6 = s4 + s5
        box[3] = s6

A lane runs its nodes as the sequential program does (the same kernel calls, one line each, a value
deleted after its last use on the lane); it meets another lane only where it needs a value made
there: the maker stores it in the shared ``box`` and releases a lock that the reader had waiting,
pre-acquired (a plain ``_thread`` lock: the cheapest wake-up CPython has). Nothing is scheduled node
by node at run time, so a lane holds the GIL only for its few lines of Python between kernels.

A lane that fails records its error in ``failed`` and releases the locks it still owed, so no lane
waits for ever; a lane that wakes to find ``failed`` set stops. The region then runs again from its
inputs one node at a time, in traced order (``kernels.step``): the error that propagates, its note
naming the user's line, and the warnings issued are the sequential ones (region nodes have no
effects, so running them twice changes nothing but time). When no worker can be claimed (a nested
region, or another thread's region has them), the region runs as one straight-line function on the
calling thread, as fast as without the pool.
"""

from __future__ import annotations

import _thread
import contextvars
import os
from typing import Any, Sequence

from runtime.graph import workers
from runtime.graph.instructions import Block

FILENAME = os.path.join(os.path.dirname(__file__), "<graph lane>")


class Region:
    """A run of effect-free instructions split over lanes: ``region(*inputs) -> outputs`` (a tuple)."""

    def __init__(self, name: str, template: list, namespace: dict, run: Sequence[Any], lanes: Sequence[int],
                 inputs: tuple[int, ...], outputs: tuple[int, ...]) -> None:
        used = sorted(set(lanes))
        lanes = [used.index(lane) for lane in lanes]   # lanes numbered 0.. without gaps
        self.template, self.inputs, self.outputs = template, inputs, outputs
        self.run, self.lanes = list(run), lanes
        self.sequential = Block(run)
        self.extra = len(used) - 1                     # workers to claim
        producer = {o: lanes[k] for k, ins in enumerate(run) for o in ins.outs}
        # Who reads what from another lane: one lock per (value, reading lane).
        readers: dict[int, list[int]] = {}
        for k, ins in enumerate(run):
            for i in ins.ins:
                if i in producer and producer[i] != lanes[k] and lanes[k] not in readers.setdefault(i, []):
                    readers[i].append(lanes[k])
        self.locks = {(slot, lane): n for n, (slot, lane) in
                      enumerate((slot, lane) for slot in sorted(readers) for lane in readers[slot])}
        box_slots = [*inputs, *sorted(set(readers) | set(outputs))]
        box = {slot: j for j, slot in enumerate(box_slots)}
        self.blank = [None] * (len(box_slots) - len(inputs))
        self.output_index = [box[o] for o in outputs]
        # The locks each lane releases (to release them all if it stops early).
        self.owed = [[n for (slot, _), n in self.locks.items() if producer[slot] == lane] for lane in range(len(used))]
        source = []
        for lane in range(len(used)):
            mine = [ins for ins, where in zip(run, lanes) if where == lane]
            source += _lane_source(f"{name}_lane{lane}", mine, box, producer, readers, self.locks, lane, namespace)
        source += _lane_source(f"{name}_alone", self.run, box, {}, {}, {}, None, namespace)
        self.source = "\n".join(source) + "\n"  # shown by tests and docs
        exec(compile(self.source, FILENAME, "exec"), namespace)
        self.lane_functions = [namespace.pop(f"{name}_lane{lane}") for lane in range(len(used))]
        self.alone = namespace.pop(f"{name}_alone")

    def __call__(self, *values: Any) -> tuple:
        claimed = workers.claim(self.extra)
        if claimed is None:  # nested in a lane, or another thread's region has the workers: run here
            box = [*values, *self.blank]
            try:
                self.alone(box)
                return tuple(box[j] for j in self.output_index)
            except Exception:  # noqa: BLE001  (raised again, with its note, by the node-at-a-time run)
                return self._one_node_at_a_time(values)
        box = [*values, *self.blank]
        locks = [_thread.allocate_lock() for _ in self.locks]
        for lock in locks:
            lock.acquire()
        failed: list = []
        dones = []
        here = workers.current_cpu()  # the workers keep off this CPU (workers.py says why)
        for lane, worker in enumerate(claimed, start=1):
            done = _thread.allocate_lock()
            done.acquire()
            job = contextvars.copy_context().run  # np.errstate and other context travel with the lane
            worker.start(lambda run=job, lane=lane: run(self._lane, lane, box, locks, failed), done, here)
            dones.append(done)
        self._lane(0, box, locks, failed)
        for done in dones:
            done.acquire()
        if failed:  # run again, in order, as without the pool: the same error, the same warnings
            return self._one_node_at_a_time(values)
        return tuple(box[j] for j in self.output_index)

    def _lane(self, lane: int, box: list, locks: list, failed: list) -> None:
        try:
            self.lane_functions[lane](box, locks, failed)
        except BaseException as error:
            failed.append(error)
            if not isinstance(error, Exception):  # KeyboardInterrupt and the like go on at once
                raise
        finally:
            if failed:  # no lane may wait for a value this one will not make
                for n in self.owed[lane]:
                    if locks[n].locked():
                        locks[n].release()

    def _one_node_at_a_time(self, values: Sequence[Any]) -> tuple:
        env = self.template.copy()
        for slot, value in zip(self.inputs, values):
            env[slot] = value
        for step in self.sequential.steps():
            step(env)
        return tuple(env[o] for o in self.outputs)


def _lane_source(name: str, instructions: Sequence[Any], box: dict[int, int], producer: dict[int, int],
                 readers: dict[int, list[int]], locks: dict, lane: Any, namespace: dict) -> list[str]:
    """The source of one lane (``lane`` None: every instruction, on the calling thread, no locks)."""
    lines = [f"def {name}(box, locks, failed):" if lane is not None else f"def {name}(box):"]
    local: set[int] = set()
    last: dict[int, int] = {}
    for k, ins in enumerate(instructions):
        for slot in (*ins.ins, *ins.outs):
            last[slot] = k
    for k, ins in enumerate(instructions):
        for i in ins.ins:
            if i in local or f"s{i}" in namespace:  # made here already, or a constant (a global)
                continue
            if i in producer and producer[i] != lane:
                lines += [f"    locks[{locks[i, lane]}].acquire()", "    if failed:", "        return"]
            lines.append(f"    s{i} = box[{box[i]}]")
            local.add(i)
        targets = ", ".join(f"s{o}" for o in ins.outs) + ("," if ins.tuple_out and len(ins.outs) == 1 else "")
        lines.append(f"    {targets} = {ins.call}" if ins.outs else f"    {ins.call}")
        for o in ins.outs:
            local.add(o)
            if o in box:
                lines.append(f"    box[{box[o]}] = s{o}")
            lines += [f"    locks[{locks[o, reader]}].release()" for reader in readers.get(o, ()) if lane is not None]
        dying = sorted(s for s in local if last.get(s) == k)
        if dying:
            lines.append("    del " + ", ".join(f"s{s}" for s in dying))
            local.difference_update(dying)
    lines.append("    pass")
    return lines
