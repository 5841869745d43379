"""Calls that read a file or list a directory, noted while a trace records them (autograph/file_reads.py).

A traced function that loads a file reads it once, while tracing, and its graph holds what it read; so the trace
notes the files it read, and its guard looks at them at every call. The converter sends these callees through
``ag__.call`` (as it does the clocks: runtime/clock_calls.py), and ``ag__.call`` hands back ``reading(f)``, which
notes the call's path and mode while ``recording`` holds a list (set for the trace by autograph.function) and then
calls ``f``::

    w = np.load(path)            # what the converter writes:  w = ag__.call(np.load)(path)

The readers: ``open`` (``io.open``), ``os.open``, ``os.listdir``, ``os.scandir``, NumPy's ``load``, ``loadtxt``,
``genfromtxt``, ``fromregex``, ``fromfile`` and ``memmap``, ``glob.glob`` and ``glob.iglob`` (the directory of the
pattern), and ``pathlib.Path``'s ``open``, ``read_text`` and ``read_bytes``. A file object handed to a reader
(``json.load(fh)``, ``np.loadtxt(fh)``) was opened by ``open``, which noted it. Only calls in converted code are
seen: a file an installed library reads inside a function of its own (``pandas.read_csv``) is not.

(Found first, at stop 86, by CPython's audit events; a Python audit hook, once added, runs for every audited event of
the process, among them each read of a function's ``__code__``, which ``ag__.call`` makes at every call: the
converted form ran four times slower after a first trace.)
"""

from __future__ import annotations

import builtins
import os
from contextvars import ContextVar
from typing import Any, Callable, Optional

import numpy as np

# The list a reader's call notes ``(event, args)`` in, while a trace records them (None: not recording): an "open"
# event's args are ``(path, mode, flags)``, a listing's ``(directory,)``, as CPython's audit events name them.
recording: ContextVar[Optional[list]] = ContextVar("runtime_file_reads", default=None)

# C functions and classes, by id: (the event, the parameter that names the path, the parameter of the mode, its
# default).
_C_READERS: dict[int, tuple[str, str, Optional[str], Any]] = {
    id(builtins.open): ("open", "file", "mode", "r"),
    id(os.open): ("open", "path", "flags", None),
    id(os.listdir): ("os.listdir", "path", None, None),
    id(os.scandir): ("os.scandir", "path", None, None),
    id(np.fromfile): ("open", "file", None, "rb"),
    id(np.memmap): ("open", "filename", "mode", "r+"),
}
# Python functions, by their top module and name: NumPy's (the functions ``np.<name>`` is), glob's, and the methods of
# pathlib's path classes (``Path.read_text`` is pathlib's on 3.12, ``pathlib._local``'s on 3.13; ``read_bytes`` there
# is ``PathBase``'s, in ``pathlib._abc``). Their modules need not be imported.
_PYTHON_READERS: dict[tuple[str, str], tuple[str, str, Optional[str], Any]] = {
    ("numpy", "load"): ("open", "file", None, "rb"),
    ("numpy", "loadtxt"): ("open", "fname", None, "r"),
    ("numpy", "genfromtxt"): ("open", "fname", None, "r"),
    ("numpy", "fromregex"): ("open", "file", None, "r"),
    ("glob", "glob"): ("glob", "pathname", None, None),
    ("glob", "iglob"): ("glob", "pathname", None, None),
    ("pathlib", "open"): ("open", "self", "mode", "r"),
    ("pathlib", "read_text"): ("open", "self", None, "r"),
    ("pathlib", "read_bytes"): ("open", "self", None, "rb"),
}
C_READERS = frozenset(_C_READERS)


def _python_reader(f: Any) -> Optional[tuple]:
    if type(f) is not type(_python_reader):
        return None
    module, qualname = getattr(f, "__module__", None), getattr(f, "__qualname__", None)
    if type(module) is not str or type(qualname) is not str:
        return None
    top, (owner, _, name) = module.partition(".")[0], qualname.rpartition(".")
    spec = _PYTHON_READERS.get((top, name))
    if spec is None:
        return None
    if top == "numpy":
        return spec if getattr(np, name, None) is f else None
    return spec if bool(owner) == (top == "pathlib") else None  # (pathlib's are methods, glob's functions)


def reads_files(f: Any) -> bool:
    """Whether a call of ``f`` reads a file or lists a directory (a reader above)."""
    return id(f) in _C_READERS or _python_reader(f) is not None


def reader_call(f: Callable) -> Callable:
    """What ``ag__.call`` hands back for a reader: ``f`` itself unless a trace records (no frame of ours between the
    caller and the reader, whose warnings name their caller's line with ``stacklevel``), else ``reading(f)``."""
    return f if recording.get() is None else reading(f)


def reading(f: Callable) -> Callable:
    """``f``, a reader, made to note the path it is called with while a trace records (``recording``)."""
    spec = _C_READERS.get(id(f)) or _python_reader(f)
    event, path_name, mode_name, default_mode = spec

    def read(*args: Any, **kwargs: Any) -> Any:
        files = recording.get()
        if files is not None:
            path = args[0] if args else kwargs.get(path_name)
            mode = args[1] if len(args) > 1 and mode_name is not None else kwargs.get(mode_name, default_mode) \
                if mode_name is not None else default_mode
            if event == "glob":
                if isinstance(path, (str, bytes, os.PathLike)):  # (the directory of the pattern)
                    directory = os.path.dirname(os.fspath(path))
                    files.append(("os.scandir", (directory or (os.curdir if isinstance(directory, str) else b"."),)))
            elif event == "open":
                files.append(("open", (path, mode, 0) if not isinstance(mode, int) else (path, None, mode)))
            else:
                files.append((event, (path if path is not None else os.curdir,)))
        return f(*args, **kwargs)

    read.__wrapped__ = f
    return read
