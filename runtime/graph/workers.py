"""The threads that run the second (third...) lane of a parallel region: claimed whole, never queued for.

    workers = claim(1)          # None: a region runs sequentially instead (nested, busy or forked)
    workers[0].start(job, done, current_cpu())   # job() runs on the worker, away from this CPU;
    ...                         # done.release() when it has finished (it gives itself back first)

Why not ``concurrent.futures.ThreadPoolExecutor``: a region that waited in its queue behind another
region, or that was submitted from one of the pool's own threads (a kernel that runs a graph, or
user threads running graphs at once), could wait for ever or for nothing; and a ``Future`` costs a
condition variable, a queue item and a callback list per lane per call. Here a region *claims* its
workers with a non-blocking lock: if one is busy, or the caller is itself a worker, the region runs
on the calling thread, as without the pool. So nothing ever waits for a worker, nested and
concurrent calls cannot deadlock, and a busy machine costs no more than sequential execution.
A worker is a daemon thread blocked on a ``queue.SimpleQueue`` (C, one lock) between jobs.

Where a job runs: Linux wakes a thread on the CPU of the thread that woke it when it can, and on a
busy machine the load balancer may leave the two there for the whole region (measured: both lanes
on one CPU, each matmul twice as slow, no gain, while the other CPU ran other jobs). So the caller
says which CPU it is on (``current_cpu``: glibc's ``sched_getcpu``, under a microsecond) and the
worker keeps off that one for the job (``os.sched_setaffinity`` on its own thread only, and only
when its mask must change). The user's threads are never pinned. Where either call is missing,
jobs run wherever the scheduler puts them.

After ``os.fork`` the child has no worker threads: the list is emptied in the child, and new ones
are made on first use there.
"""

from __future__ import annotations

import ctypes
import os
import queue
import threading
from typing import Callable, Optional

_local = threading.local()          # .worker: this thread is one of ours
_workers: list[Worker] = []
_lock = threading.Lock()            # guards making workers (claiming uses each worker's own lock)
_started = [0]                      # jobs started on workers since import (tests read it: ``started()``)


class Worker:
    """One daemon thread that runs the jobs it is given, one at a time."""

    def __init__(self, index: int) -> None:
        self.busy = threading.Lock()   # held from ``claim`` until the worker has finished its job
        self.jobs: queue.SimpleQueue = queue.SimpleQueue()
        self.allowed: frozenset = frozenset(_affinity(0)) if _affinity else frozenset()
        self.mask = self.allowed       # this thread's CPU mask now
        self.thread = threading.Thread(target=self._loop, name=f"autograph-lane-{index + 1}", daemon=True)
        self.thread.start()

    def start(self, job: Callable[[], None], done: threading.Lock, away_from: Optional[int] = None) -> None:
        """Run ``job()`` on this worker (claimed first), off CPU ``away_from`` if others are allowed;
        ``done`` (held) is released when it has returned."""
        _started[0] += 1
        self.jobs.put((job, done, away_from))

    def _loop(self) -> None:
        _local.worker = True
        while True:
            job, done, away_from = self.jobs.get()
            if away_from is not None:
                self._keep_off(away_from)
            try:
                job()  # a lane records its own errors; nothing may escape and kill the thread
            except BaseException:  # noqa: BLE001  (the lane reports through its region, see parallel.py)
                pass
            finally:
                self.busy.release()  # free for the next region before the caller wakes
                done.release()

    def _keep_off(self, cpu: int) -> None:
        mask = self.allowed - {cpu}
        if mask and mask != self.mask:
            try:
                os.sched_setaffinity(0, mask)  # 0: this thread only
                self.mask = mask
            except OSError:  # not allowed here (some sandboxes): run wherever the scheduler says
                self.allowed = self.mask = frozenset()


def claim(count: int) -> Optional[list[Worker]]:
    """``count`` idle workers, now busy until their jobs end; None if the calling thread is a worker
    (a nested region) or any worker is busy: the caller then runs its region sequentially."""
    if getattr(_local, "worker", False):
        return None
    if len(_workers) < count:
        with _lock:
            while len(_workers) < count:
                _workers.append(Worker(len(_workers)))
    claimed = []
    for worker in _workers[:count]:
        if not worker.busy.acquire(blocking=False):
            for other in claimed:
                other.busy.release()
            return None
        claimed.append(worker)
    return claimed


def _cpu_reader() -> Optional[Callable[[], int]]:
    """glibc's ``sched_getcpu`` (the calling thread's CPU, from the vDSO), if this platform has it."""
    if not hasattr(os, "sched_setaffinity"):
        return None
    try:
        function = ctypes.CDLL(None).sched_getcpu
    except (OSError, AttributeError):
        return None
    function.restype, function.argtypes = ctypes.c_int, ()
    return function if function() >= 0 else None


_getcpu = _cpu_reader()
_affinity = getattr(os, "sched_getaffinity", None) if _getcpu else None


def current_cpu() -> Optional[int]:
    """The CPU the calling thread runs on now, or None where that cannot be known."""
    return _getcpu() if _getcpu is not None else None


def started() -> int:
    """How many lane jobs workers have been given since import: a test reads it before and after a run."""
    return _started[0]


def _forget_after_fork() -> None:
    global _lock
    _workers.clear()  # their threads did not survive the fork
    _lock = threading.Lock()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forget_after_fork)
