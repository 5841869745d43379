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

The files are noted by the calls that read them in converted code (runtime/file_calls.py: ``open``, ``os.open``,
NumPy's ``load``, ``loadtxt``, ``genfromtxt``, ``fromfile``, ``memmap``, ``pathlib.Path``'s readers; ``os.listdir``,
``os.scandir``, ``os.walk``, ``glob.glob`` and ``Path.glob`` note the directory, whose signature changes as files are
added to it or removed). Since stop 87 also the questions about a path (``os.path.exists``, ``isfile``, ``getsize``,
``os.stat``, ``Path.is_file``: the path is noted there or not, so a cache made after the trace traces again), and the
readers of libraries we do not convert, known by their names (``scipy.io.loadmat``, ``gzip.open``: their path-like
arguments that name a file). A relative path is looked up from the working directory of each call, as eager code
looks it up.
A file the trace only writes is a side effect, made while tracing and not when the graph runs, as ``print`` is
(docs/graphs.md). Code files and the installed libraries' and interpreter's own files are left out.
"""

from __future__ import annotations

import os
import sys
from typing import Any, Optional

from runtime.file_calls import recording
from runtime.staging import installed_library

opened_files = recording  # what a trace's reads are noted in (runtime/file_calls.py; function.py sets it per trace)
_CODE = (".py", ".pyc", ".pyi", ".pyd", ".so", ".dylib", ".dll")


def _is_read(mode: Any, flags: Any) -> bool:
    if isinstance(mode, str):
        return "r" in mode or "+" in mode  # (read, or read and written: "r+", a memmap's default)
    return isinstance(flags, int) and not flags & (os.O_WRONLY | os.O_APPEND)


def _is_data(path: str) -> bool:
    return not (path.endswith(_CODE) or installed_library(path)
                or path.startswith((sys.prefix + os.sep, sys.base_prefix + os.sep, "/proc/", "/sys/", "/dev/")))


def files_read(events: list) -> list[str]:
    """The data files among ``events`` (``(event, args)``: an "open" event's path, mode and flags; a listing's, a
    question's (``os.path.exists``) or a library reader's path) that were opened for reading, listed or asked about,
    each once, a relative path kept relative (a file descriptor, a write, code and libraries' files left out, and a
    library reader's arguments that name nothing: a mode, a key). A directory's signature changes as entries are
    added or removed: ``sorted(glob.glob("runs/*.npy"))`` finds a new run."""
    paths: dict[str, None] = {}
    for event, args in events:
        path, mode, flags = args if event == "open" else (args[0] if args else ".", "r", 0)
        if isinstance(path, int) or not _is_read(mode, flags):
            continue
        try:
            name = os.fsdecode(path)
            absolute = os.path.abspath(name)
        except (TypeError, ValueError):
            continue
        if event == "library" and not (_names_something(name) or _looks_like_a_path(name)):
            continue  # (an argument of a library's reader that names nothing and is no path: a mode, a key, a text)
        if _is_data(absolute):
            # A relative path as it was given: the guard looks it up from the working directory of each call, as
            # eager code does (after os.chdir, "data.npy" is another file).
            paths[name] = None
    return list(paths)


def _looks_like_a_path(text: str) -> bool:
    """A file's name though nothing has it (``ConfigParser.read("local.ini")`` skips a file that is not there: made
    later, it is read): a directory in it, or an extension."""
    extension = os.path.splitext(text)[1][1:]
    return os.sep in text or (os.altsep is not None and os.altsep in text) or (
        0 < len(extension) <= 5 and extension.isalnum())


def _names_something(path: str) -> bool:
    try:
        return os.path.exists(path)
    except (OSError, ValueError):  # (a name too long, a NUL in it: no path)
        return False


def signature(path: str) -> Optional[tuple]:
    """What tells a file's contents changed without reading them: its ``os.stat`` (None: not there)."""
    try:
        st = os.stat(path)
    except (OSError, ValueError, TypeError):
        return None
    return st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns
