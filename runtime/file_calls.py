"""Calls that read a file or list a directory, noted while a trace records them (autograph/file_reads.py).

A traced function that loads a file reads it once, while tracing, and its graph holds what it read; so the trace
notes the files it read, and its guard looks at them at every call. The converter sends these callees through
``ag__.call`` (as it does the clocks: runtime/clock_calls.py), and ``ag__.call`` hands back ``reading(f)``, which
notes the call's path and mode while ``recording`` holds a list (set for the trace by autograph.function) and then
calls ``f``::

    w = np.load(path)            # what the converter writes:  w = ag__.call(np.load)(path)

The readers: ``open`` (``io.open``), ``os.open``, ``os.listdir``, ``os.scandir``, ``os.walk``, NumPy's ``load``,
``loadtxt``, ``genfromtxt``, ``fromregex``, ``fromfile`` and ``memmap``, ``glob.glob`` and ``glob.iglob`` (the
directory of the pattern), and ``pathlib.Path``'s ``open``, ``read_text``, ``read_bytes``, ``iterdir``, ``glob``,
``rglob`` and ``walk``. The questions about a path, noted whether it is there or not: ``os.stat``, ``os.lstat``,
``os.access``, ``os.path``'s ``exists``, ``lexists``, ``isfile``, ``isdir``, ``islink``, ``ismount``, ``getsize`` and
the times, and ``Path``'s ``exists``, ``is_file``, ``is_dir``, ``is_symlink``, ``stat`` and ``lstat``. A file object
handed to a reader (``json.load(fh)``, ``np.loadtxt(fh)``) was opened by ``open``, which noted it.

Code we convert (your modules, a pure-Python library such as pandas) is seen reading by the calls in it. Code we do
not convert (the standard library, NumPy, SciPy, JAX, compiled extensions) reads inside functions of its own, where
no call of ours stands: there a function or method named as readers are (``may_read_files``: ``scipy.io.loadmat``,
``scipy.io.wavfile.read``, ``gzip.open``, ``ConfigParser.read``, ``cv2.imread``) is taken to read the files and
directories its path-like arguments name; and so is a reader class of the standard library's (``zipfile.ZipFile``,
``gzip.GzipFile``, ``bz2.BZ2File``, ``lzma.LZMAFile``, ``tarfile.TarFile``). A reader by another name is not seen.

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
    # Questions about a path (does it exist, how large, when written): a graph that branched on the answer holds
    # it, so the path is looked at as a file read is, there or not.
    id(os.stat): ("stat", "path", None, None),
    id(os.lstat): ("stat", "path", None, None),
    id(os.access): ("stat", "path", None, None),
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
    ("os", "walk"): ("walk", "top", None, None),  # (each directory it lists: a file added anywhere in the tree)
    ("pathlib", "walk"): ("walk", "self", None, None),
    ("pathlib", "iterdir"): ("os.scandir", "self", None, None),
    ("pathlib", "glob"): ("glob", "self", None, None),  # (the directory, and the directory of each path found)
    ("pathlib", "rglob"): ("glob", "self", None, None),
    **{("genericpath", name): ("stat", "path", None, None)  # os.path's questions (posixpath's on older Pythons)
       for name in ("exists", "isfile", "isdir", "islink", "getsize", "getmtime", "getctime", "getatime")},
    **{("posixpath", name): ("stat", "path", None, None) for name in ("lexists", "islink", "ismount")},
    **{("pathlib", name): ("stat", "self", None, None)
       for name in ("exists", "is_file", "is_dir", "is_symlink", "stat", "lstat")},
}
# Any other function a library names as a reader (``scipy.io.loadmat``, ``scipy.io.wavfile.read``, ``gzip.open``,
# ``configparser.ConfigParser.read``, ``cv2.imread``, ``jax.numpy.load``): its path-like arguments that name a file
# or a directory when the trace ends are taken as read (``may_read_files``). Libraries we do not convert (the standard
# library, NumPy, SciPy, JAX, compiled extensions) read inside code of their own, where no call of ours sees it.
_READER_PREFIXES = ("read", "load", "open", "imread")
_READER_SUFFIXES = ("read", "load", "fromfile")
_NOT_READERS = frozenset({"loads", "readline", "readlines", "readinto", "read1", "readable"})  # (a text or a stream)
_BY_NAME = ("library", None, None, None)
# Readers that are classes, by their module and name (their modules need not be imported): their ``__init__``
# opens the file, the path its first argument after ``self``.
_READER_CLASSES: dict[tuple[str, str], tuple[str, str, Optional[str], Any]] = {
    ("zipfile", "ZipFile"): ("open", "file", "mode", "r"),
    ("gzip", "GzipFile"): ("open", "filename", "mode", "rb"),
    ("bz2", "BZ2File"): ("open", "filename", "mode", "r"),
    ("lzma", "LZMAFile"): ("open", "filename", "mode", "r"),
    ("tarfile", "TarFile"): ("open", "name", "mode", "r"),
}
# Library readers that read another name than the one they are given: ``scipy.io.loadmat("table")`` reads
# ``table.mat`` (its ``appendmat``).
_APPENDED = {"loadmat": ".mat", "whosmat": ".mat"}
C_READERS = frozenset(_C_READERS)


def _python_reader(f: Any) -> Optional[tuple]:
    if type(f) is not type(_python_reader):
        return None
    module, qualname = getattr(f, "__module__", None), getattr(f, "__qualname__", None)
    if type(module) is not str or type(qualname) is not str:
        return None
    top, (owner, _, name) = module.partition(".")[0], qualname.rpartition(".")
    if name == "__init__":  # (zipfile.ZipFile's, which a call of the class runs: runtime/constructors.py)
        spec = _READER_CLASSES.get((module, owner))
        return None if spec is None else ("init", *spec)
    spec = _PYTHON_READERS.get((top, name))
    if spec is None:
        return None
    if top == "numpy":
        return spec if getattr(np, name, None) is f else None
    return spec if bool(owner) == (top == "pathlib") else None  # (pathlib's are methods, glob's functions)


def reads_files(f: Any) -> bool:
    """Whether a call of ``f`` reads a file, lists a directory or asks about a path (a reader above; a class whose
    ``__init__`` opens its file, ``zipfile.ZipFile``)."""
    if isinstance(f, type):
        return id(f) in _C_READERS or (f.__module__, f.__qualname__) in _READER_CLASSES or (
            type(f.__init__) is type(reads_files) and _python_reader(f.__init__) is not None)
    return id(f) in _C_READERS or _python_reader(f) is not None


def may_read_files(f: Any) -> bool:
    """Whether ``f``, a function or method that is not converted, is named as a reader is (``read_csv``, ``loadmat``,
    ``imread``, ``open``, ``wavfile.read``): its path-like arguments are then noted while a trace records. (Code we
    convert, a library of yours, is seen reading by the calls in it.)"""
    name = getattr(f, "__name__", None)
    return (type(name) is str and name not in _NOT_READERS
            and (name.startswith(_READER_PREFIXES) or name.endswith(_READER_SUFFIXES)))


def reader_call(f: Callable) -> Callable:
    """What ``ag__.call`` hands back for a reader: ``f`` itself unless a trace records (no frame of ours between the
    caller and the reader, whose warnings name their caller's line with ``stacklevel``), else ``reading(f)``."""
    return f if recording.get() is None else reading(f)


def reading(f: Callable) -> Callable:
    """``f``, a reader, made to note the path it is called with while a trace records (``recording``)."""
    spec = _C_READERS.get(id(f)) or _python_reader(f) or _BY_NAME
    skipped = 0
    if spec[0] == "init":  # (a class's __init__: its path comes after self)
        spec, skipped = spec[1:], 1
    event, path_name, mode_name, default_mode = spec
    appended = _APPENDED.get(getattr(f, "__name__", None)) if event == "library" else None

    def read(*args: Any, **kwargs: Any) -> Any:
        files = recording.get()
        if files is None:
            return f(*args, **kwargs)
        if event == "library":
            files.extend(("library", (path,)) for path in _paths_among(args, kwargs, appended))
            return f(*args, **kwargs)
        given = args[skipped:]
        path = given[0] if given else kwargs.get(path_name)
        mode = given[1] if len(given) > 1 and mode_name is not None else kwargs.get(mode_name, default_mode) \
            if mode_name is not None else default_mode
        root = kwargs.get("root_dir") if event == "glob" and path_name != "self" else None  # (glob.glob's, 3.10+)
        if event == "glob":  # (the Path it is a method of, or the directory of the pattern before its first wildcard)
            if isinstance(path, (str, bytes, os.PathLike)):
                directory = os.fspath(path) if path_name == "self" else _fixed_part(os.fsdecode(path))
                files.append(("os.scandir", (_under(root, directory or os.curdir),)))
        elif event == "open":
            files.append(("open", (path, mode, 0) if not isinstance(mode, int) else (path, None, mode)))
        elif event != "walk":
            files.append((event, (path if path is not None else os.curdir,)))
        found = f(*args, **kwargs)
        if event == "walk":  # each directory it lists, as it lists it
            return _noting(found, files, lambda entry: entry[0])
        if event == "glob":  # the directories the paths were found in (a file added to one of them)
            if isinstance(found, list):  # (glob.glob's list, kept a list)
                files.extend(("os.scandir", (_under(root, os.path.dirname(os.fspath(entry)) or os.curdir),))
                             for entry in found)
                return found
            return _noting(found, files, lambda entry: _under(root, os.path.dirname(os.fspath(entry)) or os.curdir))
        return found

    read.__wrapped__ = f
    return read


def _under(root: Any, path: Any) -> Any:
    """``path`` as a path from the working directory: under ``root`` where glob was given a ``root_dir``."""
    return path if root is None else os.path.join(os.fsdecode(root), os.fsdecode(path))


def _fixed_part(pattern: str) -> str:
    """The directory a glob pattern starts from: its path up to the first part with a wildcard (``runs/**/*.npy``:
    ``runs``)."""
    parts = pattern.split(os.sep)
    fixed = []
    for part in parts[:-1]:
        if any(c in part for c in "*?["):
            break
        fixed.append(part)
    return os.sep.join(fixed) if fixed != [""] else os.sep


def _noting(entries: Any, files: list, directory: Callable[[Any], Any]) -> Any:
    """``entries``, an iterator of a listing, that notes the directory of each entry as a listing as it is taken."""
    for entry in entries:
        files.append(("os.scandir", (directory(entry),)))
        yield entry


def _paths_among(args: tuple, kwargs: dict, appended: Optional[str]) -> list:
    """The path-like values among a library reader's arguments, and among the items of a list or tuple of them
    (``ConfigParser.read([a, b])``); with ``appended`` (``loadmat``'s ".mat"), each also as the reader extends it."""
    paths = []
    for value in (*args, *kwargs.values()):
        for item in value if isinstance(value, (list, tuple)) else (value,):
            if isinstance(item, (str, bytes, os.PathLike)):
                paths.append(item)
                if appended is not None and isinstance(item, str) and not item.endswith(appended):
                    paths.append(item + appended)
    return paths
