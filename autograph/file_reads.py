"""The files a trace read: a graph holds what it read of them, so each call looks whether they changed.

A traced function that loads a file (``w = np.load("weights.npy")``, ``json.load(open(cfg))``,
``np.loadtxt(table)``) reads it once, while tracing; its graph holds those values as constants. Eager code reads
the file at every call. So the trace records the files it opened for reading and the guard of the trace
(autograph/trace_guards.py) keeps each one's ``os.stat`` signature (device, inode, size, modification and change
times): a call that finds one changed (rewritten, replaced, removed, or made where it was missing) traces again::

    def predict(x):
        return x @ np.load("w.npy")

    f = autograph.function(predict)
    f(x)                          # traced: the graph holds w.npy's values
    np.save("w.npy", w2)          # a new checkpoint
    f(x)                          # traced again: x @ w2, as eager code gives (before stop 86: x @ w, silently)

Found by CPython's audit events (``sys.addaudithook``): every ``open()``, ``io.open_code``, ``os.open`` and
NumPy's own file reads raise an ``"open"`` event with the path and mode; ``os.listdir`` and ``os.scandir`` (and so
``glob.glob``) one with the directory, whose signature changes as files are added to it or removed. The hook is
added at the first trace and stays (Python cannot remove one); outside a trace it looks at a context variable and
returns (about 0.1 µs per audited event, ``sys._getframe`` among them). Only reads count: a file the trace writes is
a side effect, made while tracing and not when the graph runs, as ``print`` is (docs/graphs.md). Code (``.py``,
``.pyc``, extension modules) and the installed libraries' and interpreter's own files are not data and are left
out (a module imported while tracing, the source our conversion reads).
"""

from __future__ import annotations

import os
import sys
import threading
from contextvars import ContextVar
from typing import Any, Optional

from runtime.staging import installed_library

# The list the "open" events of the calling context are appended to, while a trace records them (None: not recording).
opened_files: ContextVar[Optional[list]] = ContextVar("autograph_opened_files", default=None)

_hooked = [False]
_lock = threading.Lock()
_WRITING = os.O_WRONLY | os.O_RDWR | os.O_APPEND | os.O_CREAT | os.O_TRUNC
_CODE = (".py", ".pyc", ".pyi", ".pyd", ".so", ".dylib", ".dll")


_EVENTS = frozenset({"open", "os.listdir", "os.scandir"})


def _hook(event: str, args: tuple) -> None:
    if event in _EVENTS:
        files = opened_files.get()
        # (not the import system's: a module imported while tracing lists the directories of sys.path)
        if files is not None and not sys._getframe(1).f_code.co_filename.startswith("<frozen importlib"):
            files.append((event, args))


def start_recording() -> list:
    """A new list that the "open" events of the calling context are appended to, once ``opened_files`` is set to
    it (the caller sets it, and puts the one before back: function.py, as for ``staged_host_functions``)."""
    if not _hooked[0]:
        with _lock:
            if not _hooked[0]:
                sys.addaudithook(_hook)
                _hooked[0] = True
    return []


def _is_read(mode: Any, flags: Any) -> bool:
    if isinstance(mode, str):
        return not any(c in mode for c in "wax+")
    return isinstance(flags, int) and not flags & _WRITING


def _is_data(path: str) -> bool:
    return not (path.endswith(_CODE) or installed_library(path)
                or path.startswith((sys.prefix + os.sep, sys.base_prefix + os.sep, "/proc/", "/sys/", "/dev/")))


def files_read(events: list) -> list[str]:
    """The data files among ``events`` (``(event, args)``: an "open" event's path, mode and flags, a directory
    listing's path) that were opened for reading or listed, as absolute paths, each once (a file descriptor, a
    write, code and libraries' files left out). A directory's signature changes as entries are added or removed:
    ``sorted(glob.glob("runs/*.npy"))`` finds a new run."""
    paths: dict[str, None] = {}
    for event, args in events:
        path, mode, flags = args if event == "open" else (args[0] if args else ".", "r", 0)
        if isinstance(path, int) or not _is_read(mode, flags):
            continue
        try:
            name = os.path.abspath(os.fsdecode(path))
        except (TypeError, ValueError):
            continue
        if _is_data(name):
            paths[name] = None
    return list(paths)


def signature(path: str) -> Optional[tuple]:
    """What tells a file's contents changed without reading them: its ``os.stat`` (None: not there)."""
    try:
        st = os.stat(path)
    except (OSError, ValueError):
        return None
    return st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns
