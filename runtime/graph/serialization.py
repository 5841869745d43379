"""The saved-function file format: graphs, constants and Variable values in one checked zip file.

A file (written by ``autograph.save``, read by ``autograph.load``; docs/saving.md) is a zip archive::

    manifest.json     {"format": "autograph-numpy saved function", "version": 1,
                       "files": {"function.json": "<sha256>", "arrays/0.npy": "<sha256>", ...}}
    function.json     the function: its name, parameters, variables and one entry per concrete
                      function (input signature, output structure, graph)
    arrays/<k>.npy    every array (constants, Variable values), NumPy's .npy format without pickle

Values in ``function.json`` are JSON; everything JSON has no word for is a tagged object
``{"$": tag, ...}`` (a tuple, a slice, a dtype, an array, a subgraph, a Variable, an exception
class...). A graph is ``{"inputs": [type...], "nodes": [...], "outputs": [value number...]}``, its
values numbered in definition order (subgraphs are closed, so each graph numbers its own).

Loading never runs code from the file: no pickle, no eval, no import. Ops must be in the closed
op table, every graph is checked with ``ir.verify``, an exception class is a builtin by name or a
class of a module the process has already imported (else a stand-in, ``SavedExceptionStandIn``),
and every member's SHA-256 must match the manifest, so a truncated or edited file is refused
with ``FormatError`` before anything runs. Sizes are checked against limits (``MAX_BYTES``...)
before anything is decompressed, every malformed file is a ``FormatError``, only ``Exception``
subclasses can be raised, and node locations become labels (``<saved: file>``) that nothing reads.
Saving refuses, with ``SerializationError`` naming the op and attr, any value the format cannot
represent, so a load never gives a different graph; it writes atomically (``write``).
"""

from __future__ import annotations

import builtins
import collections
import functools
import hashlib
import inspect
import io
import json
import math
import os
import re
import secrets
import sys
import zipfile
import zlib
from dataclasses import dataclass
from typing import Any, Callable

import numpy as np

from runtime.graph import error_state, ops, path_types, run_time_errors, user_names
from runtime.graph.control_flow import paths
from runtime.graph.ir import Graph, Node, Value, VerificationError, verify
from runtime.graph.shapes import Ref
from runtime.graph.tracing import TensorSpec, TreeDef
from runtime.graph.variables import Variable
from runtime.limits import AutographError
from runtime.try_blocks import flat_classes

_PYTHON_KINDS = {"bool": bool, "int": int, "float": float, "complex": complex}
FORMAT_NAME = "autograph-numpy saved function"
FORMAT_VERSION = 1
MANIFEST, DOCUMENT = "manifest.json", "function.json"


class SerializationError(TypeError, AutographError):
    """Saving met something the format cannot represent; the message says what and where."""


class FormatError(ValueError, AutographError):
    """A file is not a saved function this version can read (newer, truncated, edited, malformed)."""


class SavedExceptionStandIn(Exception):
    """Base of the stand-ins for exception classes that cannot be found at load time (their module
    is not imported, or they were local classes). A stand-in has the original's name and module and
    also derives from the original's nearest builtin base, so ``except ValueError`` still catches it."""


# --- what is saved: one record per function -------------------------------------------------------

@dataclass(frozen=True)
class ConcreteRecord:
    """One concrete function: its graph, the arguments it was traced for, what it returns.

    ``arg_tree`` / ``arg_leaves``: the bound arguments (a tuple over the parameters, flattened as
    ``control_flow.flatten`` does), each leaf a ``TensorSpec`` or the Python value it was traced for.
    ``out_tree`` / ``out_leaves``: the result's structure (``tracing.flatten``), each leaf a
    ``TensorSpec`` (the graph's next output) or a string constant. ``signature_text``: how the
    original printed its signature."""

    graph: Graph
    arg_tree: TreeDef
    arg_leaves: tuple
    out_tree: TreeDef
    out_leaves: tuple
    signature_text: str


@dataclass(frozen=True)
class FunctionRecord:
    name: str
    parameters: tuple  # inspect.Parameter objects, defaults included
    concretes: tuple   # ConcreteRecord, in tracing order
    variables: tuple   # every Variable the graphs use, in first-use order


# --- encoding ---------------------------------------------------------------------------------------

_PLAIN = (type(None), bool, int, str)
_PARAMETER_KINDS = {kind.name: kind for kind in inspect._ParameterKind}
_DTYPE_KINDS = "biufcmMSU"  # no object or void dtypes: they could hold anything


class _Encoder:
    def __init__(self) -> None:
        self.arrays: list[np.ndarray] = []
        self.variables: dict[int, tuple[int, Variable]] = {}

    def array(self, value: np.ndarray, where: str) -> int:
        dtype_str(value.dtype, where)
        self.arrays.append(value)
        return len(self.arrays) - 1

    def value(self, x: Any, where: str) -> Any:
        t = type(x)
        if t in _PLAIN:
            return x
        if t is float:
            return x if np.isfinite(x) else {"$": "float", "repr": repr(x)}
        if t is complex:
            return {"$": "complex", "re": self.value(x.real, where), "im": self.value(x.imag, where)}
        if t is bytes:
            return {"$": "bytes", "hex": x.hex()}
        if t is tuple or t is list:
            return {"$": t.__name__, "items": [self.value(i, where) for i in x]}
        if t is dict:
            return {"$": "dict", "items": [[self.value(k, where), self.value(v, where)] for k, v in x.items()]}
        if t is slice:
            return {"$": "slice", "items": [self.value(i, where) for i in (x.start, x.stop, x.step)]}
        if x is Ellipsis:
            return {"$": "ellipsis"}
        if t is Ref:
            return {"$": "ref", "k": x.k, "spec": x.spec} if x.spec else {"$": "ref", "k": x.k}
        if isinstance(x, np.dtype):
            return {"$": "dtype", "dtype": dtype_str(x, where)}
        if t is np.ndarray:
            return {"$": "array", "index": self.array(x, where)}
        if isinstance(x, np.generic):
            return {"$": "scalar", "index": self.array(np.asarray(x), where)}
        if isinstance(x, TensorSpec):
            doc = {"$": "spec", "shape": list(x.shape), "dtype": dtype_str(x.dtype, where)}
            if x.scalar is not None:  # (a 0-d value that stands for a NumPy scalar, or for a 0-d array)
                doc["scalar"] = x.scalar
            if x.python:  # (a result that stands for a Python number; a reader that knows no "python" gives an array)
                doc["python"] = True
            if x.path_kinds:  # (a result whose Python type depends on the path: each path's kind, the tag's output)
                doc["path_kinds"] = [{"python": k.python.__name__} if k.python is not None else
                                     {"dtype": dtype_str(k.dtype, where), "scalar": k.scalar} for k in x.path_kinds]
                doc["tag"] = x.tag
            return doc
        if isinstance(x, Graph):
            return {"$": "graph", "graph": self.graph(x, where)}
        if isinstance(x, Variable):
            if id(x) not in self.variables:
                self.variables[id(x)] = (len(self.variables), x)
            return {"$": "variable", "index": self.variables[id(x)][0]}
        if isinstance(x, type) and issubclass(x, BaseException):
            if not issubclass(x, Exception):  # a load refuses it: say so now, not to whoever loads the file
                raise SerializationError(
                    f"{where} is the exception class {x.__module__}.{x.__qualname__}, which derives from "
                    f"{exception_ref(x)['builtin_base']}, not Exception; a saved graph may raise only Exception "
                    "subclasses (a loaded one must not end or interrupt the program that loads it): raise an "
                    "Exception subclass instead; nothing was saved")
            return {"$": "exception", **exception_ref(x)}
        if isinstance(x, np.ufunc) and getattr(np, x.__name__, None) is x:
            return {"$": "ufunc", "name": x.__name__}
        raise SerializationError(
            f"{where} is a {t.__module__}.{t.__qualname__} ({_short(x)}), which the saved-function format "
            "cannot represent (it holds numbers, strings, tuples, lists, dicts, slices, dtypes, arrays, "
            "Variables and exception classes); nothing was saved")

    def caught(self, location: Any, where: str) -> dict:
        """``{"caught": ...}`` for a node made inside a ``try`` that catches its error (run_time_errors.py): the
        handlers' classes (``"all"`` where one is not an Exception class: a bare ``except:``), the ``try``'s
        file:line and the node in words, so that a loaded graph raises ``HandlerNotRun`` as the traced one does."""
        if not isinstance(location, run_time_errors.CaughtLocation):
            return {}
        classes = list(flat_classes(location.caught))
        return {"caught": {"classes": "all" if not all(issubclass(c, Exception) for c in classes) else
                           [self.value(c, f"{where}: the classes its `try` catches") for c in classes],
                           "try_at": str(location.try_at), "what": str(location.what),
                           **({"kind": "with"} if location.kind == "with" else {})}}

    def errstate(self, location: Any, where: str) -> dict:
        """``{"errstate": ...}`` for a node made inside the function's own ``np.errstate`` block
        (runtime/graph/error_state.py): the modes it was made under, the trace's at its start, and its file:line."""
        state = getattr(location, "errstate", None)
        if state is None:
            return {}
        if state.call is not state.ambient_call:
            raise SerializationError(
                f"{where} was traced inside np.errstate(call=...) or after np.seterrcall: the function it calls is "
                "code, which a saved graph cannot hold; nothing was saved")
        return {"errstate": {"modes": dict(state.modes), "ambient": dict(state.ambient_modes),
                             "block": str(state.block)}}

    def warning_filters(self, location: Any, where: str) -> dict:
        """``{"warning_filters": ...}`` for a node made inside the function's own ``warnings.catch_warnings()``
        block (runtime/graph/error_state.py): its filters and the trace's at its start, each
        ``[action, message pattern, category, module pattern, line]``."""
        filters = getattr(location, "warning_filters", None)
        if filters is None:
            return {}

        def pattern(p: Any) -> Any:  # a regex (filterwarnings'), or a string matched exactly (Python's defaults')
            return None if p is None else {"exact": p} if isinstance(p, str) else {"re": str(p.pattern)}

        def record(items: tuple) -> list:
            return [[str(action), pattern(message), self.value(category, f"{where}: a warnings filter's category"),
                     pattern(module), int(line)] for action, message, category, module, line in items]
        return {"warning_filters": {"filters": record(filters.filters), "ambient": record(filters.ambient)}}

    def graph(self, graph: Graph, where: str) -> dict:
        numbers: dict[int, int] = {}

        def define(value: Value) -> dict:
            numbers[id(value)] = len(numbers)
            return {"shape": list(value.shape), "dtype": dtype_str(value.dtype, where)}

        inputs = [define(v) for v in graph.inputs]
        nodes = []
        for n, node in enumerate(graph.nodes):
            here = f"{where}, node {n} ({node.op})"
            if node.op == "numpy_function":
                call = node.attrs["call"]
                raise SerializationError(
                    f"{here} is autograph.numpy_function({call.name}, ...), called at {call.where()}: it runs a "
                    "Python function, which a saved graph cannot hold (the file holds data, never code, so that "
                    "loading it runs nothing of the saver's): save a function without it (compute that part with "
                    "NumPy functions a graph stages), or keep the source and use autograph.function where you load "
                    "it; nothing was saved")
            attrs = {name: self.value(value, f"{here}: attr {name!r}") for name, value in node.attrs.items()}
            nodes.append({
                "op": node.op,
                "inputs": [numbers[id(v)] for v in node.inputs],
                "attrs": attrs,
                "outputs": [define(v) for v in node.outputs],
                "location": None if node.location is None else [str(node.location[0]), int(node.location[1])],
                **self.caught(node.location, here),
                **self.errstate(node.location, here),
                **self.warning_filters(node.location, here),
                # The picture's name for the output (user_names.py reads it from the source, which a
                # loaded graph no longer names): saved so a loaded graph draws as the original did.
                "name": user_names.statement_name(node),
            })
        return {"inputs": inputs, "nodes": nodes, "outputs": [numbers[id(v)] for v in graph.outputs],
                "parameter_names": user_names.parameter_names(graph)}

    def tree(self, tree: TreeDef, where: str) -> dict:
        doc: dict = {"kind": tree.kind, "children": [self.tree(c, where) for c in tree.children],
                     "keys": [self.value(k, f"{where}: a dict key") for k in tree.keys]}
        if tree.shell is not None:  # (an OrderedDict, a list subclass...: rebuilt from a copy of the object itself)
            raise SerializationError(f"{where}: a {tree.cls.__name__} (a subclass of {tree.kind}) cannot be rebuilt by "
                                     "a saved graph without its class's code; pass (and return) a plain "
                                     f"{tree.kind} to the function you save")
        if tree.cls is not None:
            doc["namedtuple"] = {"module": tree.cls.__module__, "qualname": tree.cls.__qualname__,
                                 "fields": list(tree.cls._fields)}
        return doc


def _short(x: Any) -> str:
    text = repr(x)
    return text if len(text) <= 60 else text[:57] + "..."


def dtype_str(dtype: np.dtype, where: str) -> str:
    dtype = np.dtype(dtype)
    if dtype.kind not in _DTYPE_KINDS or dtype.fields is not None or dtype.subdtype is not None:
        raise SerializationError(f"{where} has dtype {dtype}, which a saved function cannot hold (no object, "
                                 "structured or void arrays); nothing was saved")
    return dtype.str


def exception_ref(cls: type) -> dict:
    """How an exception class is named in a file: module and qualname, and its nearest builtin base."""
    base = next(c for c in cls.__mro__ if c.__module__ == "builtins")
    return {"module": cls.__module__, "qualname": cls.__qualname__, "builtin_base": base.__qualname__}


def encode_function(record: FunctionRecord) -> tuple[dict, list[np.ndarray]]:
    """The JSON document and the arrays of a function, or ``SerializationError``."""
    enc = _Encoder()
    name = record.name
    parameters = []
    for p in record.parameters:
        default = None if p.default is inspect.Parameter.empty else {
            "value": enc.value(p.default, f"the default of parameter '{p.name}' of {name}")}
        parameters.append({"name": p.name, "kind": p.kind.name, "default": default})
    concretes = []
    for i, c in enumerate(record.concretes):
        where = f"concrete function {i} of {name}"
        concretes.append({
            "signature_text": c.signature_text,
            "arg_tree": enc.tree(c.arg_tree, f"{where}, its arguments"),
            "arg_leaves": [enc.value(x, f"{where}: argument '{leaf_name}'")
                           for leaf_name, x in zip(_leaf_names(record.parameters, c.arg_tree), c.arg_leaves)],
            "out_tree": enc.tree(c.out_tree, f"{where}, its result"),
            "out_leaves": [enc.value(x, f"{where}: result leaf {k}") for k, x in enumerate(c.out_leaves)],
            "graph": enc.graph(c.graph, f"{where}: graph"),
        })
    variables = [v for _, v in sorted(enc.variables.values(), key=lambda item: item[0])]
    for v in record.variables:  # variables no graph uses are still saved (their values are state too)
        if id(v) not in enc.variables:
            enc.value(v, "a variable")
            variables.append(v)
    var_docs = [{"name": v.name, "value": enc.array(v.numpy(), f"Variable {v.name}")} for v in variables]
    return {"name": name, "parameters": parameters, "variables": var_docs, "concrete_functions": concretes}, \
        enc.arrays


def _leaf_names(parameters: tuple, tree: TreeDef) -> list[str]:
    """``x``, ``pair[0]``... for every leaf of a concrete function's arguments."""
    return [p.name + path for p, child in zip(parameters, tree.children) for path in paths(child)]


# --- the container: a zip with a manifest of SHA-256 sums -------------------------------------------

# What ``load`` accepts by default (each a keyword of ``load``; docs/saving.md). They are checked against
# the sizes the zip and the manifest declare, before anything is decompressed, so a small file cannot make
# a load allocate gigabytes (a zip bomb): every member is then read in chunks and refused as soon as it
# goes on past its declared size.
MAX_BYTES = 2 << 30              # all members together, uncompressed
MAX_MANIFEST_BYTES = 4 << 20     # manifest.json: ~100 bytes per array, so room for ~40,000 arrays
MAX_DOCUMENT_BYTES = 512 << 20   # function.json: parsed JSON takes several times its size in memory
MAX_DEPTH = 32                   # nesting of values, structures and subgraphs (the call stack needs room)
_CHUNK = 1 << 20
_ARRAY_NAME = re.compile(r"arrays/(0|[1-9][0-9]{0,8})\.npy\Z")


def _sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def write(path: Any, document: dict, arrays: list[np.ndarray]) -> None:
    """Write the file atomically: to a new temporary file in the same directory, then renamed over ``path``.

    The temporary file is created exclusively under a random name (``open(..., "x")`` is O_CREAT|O_EXCL,
    which refuses an existing name, a symlink included, so nothing planted there is written through), is
    flushed and fsynced, and ``os.replace`` puts it in place in one step: a reader, or a concurrent save,
    sees the previous file or the new one, whole. On any exception, KeyboardInterrupt included, the
    temporary file is removed. A symlink at ``path`` itself is replaced, not followed."""
    members: dict[str, bytes] = {DOCUMENT: json.dumps(document, allow_nan=False, separators=(",", ":")).encode()}
    for k, array in enumerate(arrays):
        buffer = io.BytesIO()
        np.save(buffer, array, allow_pickle=False)
        members[f"arrays/{k}.npy"] = buffer.getvalue()
    manifest = {"format": FORMAT_NAME, "version": FORMAT_VERSION,
                "files": {name: _sha256(data) for name, data in members.items()}}
    path = os.fspath(path)
    directory, base = os.path.split(os.path.abspath(path))
    temporary = None
    try:
        for _attempt in range(100):
            # The name is chosen before the file exists, so an interrupt right after the open still knows
            # what to remove (tempfile.mkstemp would return it only once the file is made).
            temporary = os.path.join(directory, f".{base}.{secrets.token_hex(8)}.partial")
            try:
                file = open(temporary, "xb")
            except FileExistsError:
                temporary = None  # someone else's: never removed
                continue
            break
        else:
            raise FileExistsError(f"could not create a temporary file in {directory!r} to save {path!r}: every "
                                  "name tried exists; remove files named .<name>.<random>.partial left there by "
                                  "a save that was killed, or save elsewhere")
        with file:
            archive = zipfile.ZipFile(file, "w", compression=zipfile.ZIP_DEFLATED)
            try:
                archive.writestr(MANIFEST, json.dumps(manifest, indent=1))
                for name, data in members.items():
                    archive.writestr(name, data)
                archive.close()  # writes the central directory
            except BaseException:
                # The file is discarded: detach it, or closing the archive (``with ZipFile`` on the way out,
                # or its __del__) raises ValueError in place of the interrupt when a member was left open.
                archive.fp = None
                raise
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
        temporary = None
    except BaseException:
        if temporary is not None:
            try:
                os.unlink(temporary)
            except OSError:  # never created, or already renamed into place
                pass
        raise
    _fsync_directory(directory)


def _fsync_directory(directory: str) -> None:
    """Make the rename durable (POSIX); best effort: some systems cannot open a directory."""
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _amount(n: int) -> str:
    for unit, size in (("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)):
        if n >= size:
            return f"{n / size:.1f} {unit}"
    return f"{n} bytes"


def read(path: Any, *, max_bytes: int = MAX_BYTES, max_manifest_bytes: int = MAX_MANIFEST_BYTES,
         max_document_bytes: int = MAX_DOCUMENT_BYTES) -> tuple[dict, list[np.ndarray]]:
    """The document and arrays of a file, after checking its format, version, sizes and checksums.

    Nothing is decompressed before the sizes the zip declares are within the limits and the manifest
    lists exactly the members a saved function uses; each member is then hashed as it streams in, and an
    array's .npy header is checked against the bytes it holds before the array is made."""
    path = os.fspath(path)
    if not os.path.isfile(path):
        raise FileNotFoundError(f"no saved function at {path!r}")
    try:
        with zipfile.ZipFile(path) as archive:
            contents = _read_members(archive, path, max_bytes, max_manifest_bytes, max_document_bytes)
    except (zipfile.BadZipFile, zipfile.LargeZipFile, zlib.error, EOFError, NotImplementedError) as error:
        raise FormatError(f"{path}: not a readable saved function (truncated or damaged: {error})") from error
    document = _json(contents.pop(DOCUMENT), path, DOCUMENT)
    if not isinstance(document, dict):
        raise FormatError(f"{path}: {DOCUMENT} is not an object")
    arrays = [_array(contents[f"arrays/{k}.npy"], f"arrays/{k}.npy", path) for k in range(len(contents))]
    return document, arrays


def _read_members(archive: zipfile.ZipFile, path: str, max_bytes: int, max_manifest_bytes: int,
                  max_document_bytes: int) -> dict[str, bytes]:
    infos: dict[str, zipfile.ZipInfo] = {}
    for info in archive.infolist():
        if info.filename in infos:
            raise FormatError(f"{path}: holds {info.filename} twice; the file was altered after saving")
        if info.flag_bits & 0x1:
            raise FormatError(f"{path}: {info.filename} is encrypted; a saved function never is")
        infos[info.filename] = info
    if MANIFEST not in infos:
        raise FormatError(f"{path}: not a saved autograph function (no {MANIFEST})")
    manifest_size = infos[MANIFEST].file_size
    if manifest_size > max_manifest_bytes:
        raise FormatError(f"{path}: {MANIFEST} is {_amount(manifest_size)} uncompressed, more than the "
                          f"{_amount(max_manifest_bytes)} a manifest may have (max_manifest_bytes); the file was "
                          "altered, or load it with a larger max_manifest_bytes= if you trust it")
    total = sum(info.file_size for info in infos.values())
    if total > max_bytes:
        largest = max(infos.values(), key=lambda info: info.file_size)
        raise FormatError(f"{path}: its members hold {_amount(total)} uncompressed ({largest.filename}: "
                          f"{_amount(largest.file_size)}), more than max_bytes={_amount(max_bytes)}; if you trust "
                          "the file, load it with a larger max_bytes=")
    manifest = _json(_read_member(archive, infos[MANIFEST], path), path, MANIFEST)
    _check_manifest(manifest, path)
    files = manifest["files"]
    extra = set(infos) - set(files) - {MANIFEST}
    if extra:
        raise FormatError(f"{path}: holds files its manifest does not list ({', '.join(sorted(extra))}); "
                          "the file was altered after saving")
    _check_used(files, path)
    for name in files:
        if name not in infos:
            raise FormatError(f"{path}: {name} is listed in its manifest but missing; the file is incomplete")
    if infos[DOCUMENT].file_size > max_document_bytes:
        raise FormatError(f"{path}: {DOCUMENT} is {_amount(infos[DOCUMENT].file_size)} uncompressed, more than "
                          f"max_document_bytes={_amount(max_document_bytes)}; if you trust the file, load it with "
                          "a larger max_document_bytes=")
    contents = {}
    for name, digest in files.items():
        data = _read_member(archive, infos[name], path)
        if _sha256(data) != digest:
            raise FormatError(f"{path}: {name} does not match its checksum; the file was altered or damaged "
                              "after saving")
        contents[name] = data
    return contents


def _check_used(files: dict, path: str) -> None:
    """The manifest lists exactly what a saved function reads: function.json and arrays/0.npy... without
    gaps (each array must also be used by the document: ``decode_function`` checks that)."""
    if DOCUMENT not in files:
        raise FormatError(f"{path}: its manifest does not list {DOCUMENT}; the file is incomplete")
    indices = set()
    for name in files:
        match = _ARRAY_NAME.match(name)
        if match:
            indices.add(int(match.group(1)))
        elif name != DOCUMENT:
            raise FormatError(f"{path}: its manifest lists {name}, which a saved function does not use; the file "
                              "was altered after saving")
    for k in sorted(indices):
        if k > 0 and k - 1 not in indices:
            raise FormatError(f"{path}: arrays/{k}.npy is listed but arrays/{k - 1}.npy is not (arrays are "
                              "numbered from 0 without gaps); the file was altered after saving")


def _read_member(archive: zipfile.ZipFile, info: zipfile.ZipInfo, path: str) -> bytes:
    """The member's bytes, read in chunks into a buffer of its declared size: more bytes than declared
    are refused at the first chunk past it, whatever the compressed data would expand to."""
    size = info.file_size
    data = bytearray(size)
    filled = 0
    with archive.open(info) as stream:
        while True:
            chunk = stream.read(_CHUNK)
            if not chunk:
                break
            if filled + len(chunk) > size:
                raise FormatError(f"{path}: {info.filename} goes on past the {size} bytes its zip entry declares; "
                                  "the file was altered or damaged after saving")
            data[filled:filled + len(chunk)] = chunk
            filled += len(chunk)
    if filled != size:
        raise FormatError(f"{path}: {info.filename} ends after {filled} of the {size} bytes its zip entry "
                          "declares; the file is truncated or damaged")
    return bytes(data)


def _array(data: bytes, name: str, path: str) -> np.ndarray:
    """An .npy member, its header checked against the bytes it holds before the array is allocated."""
    stream = io.BytesIO(data)
    try:
        version = np.lib.format.read_magic(stream)
        if version == (1, 0):
            shape, fortran_order, dtype = np.lib.format.read_array_header_1_0(stream)
        elif version == (2, 0):
            shape, fortran_order, dtype = np.lib.format.read_array_header_2_0(stream)
        else:
            raise ValueError(f".npy format version {version[0]}.{version[1]}, which a saved function never has")
        dtype_str(dtype, name)
    except (ValueError, SerializationError, SyntaxError) as error:
        raise FormatError(f"{path}: {name} is not a plain .npy array ({error})") from error
    if any(d < 0 for d in shape):
        raise FormatError(f"{path}: {name}: its header declares the shape {shape}, with a negative dimension")
    expected = math.prod(shape) * dtype.itemsize  # Python ints: no overflow
    held = len(data) - stream.tell()
    if expected != held:
        raise FormatError(f"{path}: {name}: its header declares shape {shape} of {dtype.str} ({expected} bytes), "
                          f"but it holds {held} bytes of data; the file was altered or damaged after saving")
    try:
        return np.load(io.BytesIO(data), allow_pickle=False)
    except ValueError as error:
        raise FormatError(f"{path}: {name} is not a plain .npy array ({error})") from error


def _json(data: bytes, path: str, name: str) -> Any:
    try:
        return json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise FormatError(f"{path}: {name} is not valid JSON ({error})") from None
    except RecursionError as error:  # the JSON parser recurses once per level of nesting
        raise FormatError(f"{path}: {name} is nested too deeply to be a saved function") from error


def _check_manifest(manifest: Any, path: str) -> None:
    if not isinstance(manifest, dict) or manifest.get("format") != FORMAT_NAME:
        raise FormatError(f"{path}: not a saved autograph function (its manifest names no {FORMAT_NAME!r})")
    version = manifest.get("version")
    if type(version) is not int or version < 1:
        raise FormatError(f"{path}: its format version {version!r} is not valid")
    if version > FORMAT_VERSION:
        raise FormatError(f"{path} was saved in format version {version}, but this autograph-numpy reads versions "
                          f"up to {FORMAT_VERSION}; load it with a newer autograph-numpy (pip install -U "
                          "autograph-numpy)")
    files = manifest.get("files")
    if not isinstance(files, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in files.items()):
        raise FormatError(f"{path}: its manifest has no valid list of files")


# --- decoding ---------------------------------------------------------------------------------------

class _Decoder:
    def __init__(self, arrays: list[np.ndarray], variables: list[Variable], used: set[int]) -> None:
        self.arrays, self.variables, self.used = arrays, variables, used
        self.depth = 0

    def array(self, index: Any) -> np.ndarray:
        if type(index) is not int or not 0 <= index < len(self.arrays):
            raise FormatError(f"array {index!r} is not in the file")
        array = self.arrays[index]
        dtype_str(array.dtype, "an array")
        self.used.add(index)
        return array

    def value(self, doc: Any) -> Any:
        if doc is None or type(doc) in (bool, int, float, str):
            return doc
        if not isinstance(doc, dict):
            raise FormatError(f"unexpected {type(doc).__name__} {_short(doc)} where a value was expected")
        # Deeper values would load and then fail when called (RecursionError): refuse them here.
        return self._nested("values", self._value, doc)

    def _nested(self, what: str, decode: Callable[[dict], Any], doc: dict) -> Any:
        """``decode(doc)`` one level deeper, refused past ``MAX_DEPTH``."""
        self.depth += 1
        try:
            if self.depth > MAX_DEPTH:
                raise FormatError(f"{what} are nested more than {MAX_DEPTH} deep")
            return decode(doc)
        finally:
            self.depth -= 1

    def _value(self, doc: dict) -> Any:
        tag = doc.get("$")
        if tag == "float":
            if doc["repr"] not in ("nan", "inf", "-inf"):
                raise FormatError(f"bad float {doc['repr']!r}")
            return float(doc["repr"])
        if tag == "complex":
            return complex(self.value(doc["re"]), self.value(doc["im"]))
        if tag == "bytes":
            return bytes.fromhex(doc["hex"])
        if tag in ("tuple", "list"):
            items = [self.value(i) for i in doc["items"]]
            return tuple(items) if tag == "tuple" else items
        if tag == "dict":
            return {self.value(k): self.value(v) for k, v in doc["items"]}
        if tag == "slice":
            return slice(*(self.value(i) for i in doc["items"]))
        if tag == "ellipsis":
            return Ellipsis
        if tag == "ref":
            return Ref(_int(doc["k"]), _str(doc.get("spec", "")))
        if tag == "dtype":
            return self.dtype(doc["dtype"])
        if tag == "array":
            array = self.array(doc["index"])
            array.flags.writeable = False  # constants are shared by every run
            return array
        if tag == "scalar":
            array = self.array(doc["index"])
            if array.shape != ():
                raise FormatError("a scalar that is not 0-d")
            return array[()]
        if tag == "spec":
            scalar = doc.get("scalar")
            if scalar not in (None, True, False):
                raise FormatError(f"a spec's scalar is {scalar!r}, not true, false or absent")
            python = doc.get("python", False)
            if python not in (True, False):
                raise FormatError(f"a spec's python is {python!r}, not true, false or absent")
            shape = [None if d is None else _int(d) for d in doc["shape"]]
            if scalar is not None and shape:
                raise FormatError("a spec with scalar set that is not 0-d")
            kinds = tuple(self.path_kind(k) for k in doc.get("path_kinds", ()))
            tag = doc.get("tag")
            if tag is not None:
                tag = _int(tag)
            try:
                return TensorSpec(shape, self.dtype(doc["dtype"]), scalar, python, kinds, tag)
            except ValueError as error:
                raise FormatError(f"a spec that stands for no value: {error}") from None
        if tag == "graph":
            return self.graph(doc["graph"])
        if tag == "variable":
            index = doc["index"]
            if type(index) is not int or not 0 <= index < len(self.variables):
                raise FormatError(f"variable {index!r} is not in the file")
            return self.variables[index]
        if tag == "exception":
            return resolve_exception(doc["module"], doc["qualname"], doc["builtin_base"])
        if tag == "ufunc":
            ufunc = getattr(np, doc["name"], None) if isinstance(doc["name"], str) else None
            if not isinstance(ufunc, np.ufunc):
                raise FormatError(f"{doc['name']!r} is not a NumPy ufunc")
            return ufunc
        raise FormatError(f"unknown value tag {tag!r}")

    def path_kind(self, doc: Any) -> path_types.Kind:
        """A result's kind on one path (runtime/graph/path_types.py): ``{"python": "int"}`` or ``{"dtype": "float64",
        "scalar": true}``."""
        if isinstance(doc, dict) and set(doc) == {"python"} and doc["python"] in _PYTHON_KINDS:
            return path_types.Kind(python=_PYTHON_KINDS[doc["python"]])
        if isinstance(doc, dict) and set(doc) == {"dtype", "scalar"} and doc["scalar"] in (None, True, False):
            return path_types.Kind(scalar=doc["scalar"], dtype=self.dtype(doc["dtype"]))
        raise FormatError(f"a result's path kind is {doc!r}, not a Python number type or a dtype with scalar")

    def dtype(self, text: Any) -> np.dtype:
        if not isinstance(text, str):
            raise FormatError(f"bad dtype {text!r}")
        try:
            dtype = np.dtype(text)
        except TypeError:
            raise FormatError(f"bad dtype {text!r}") from None
        dtype_str(dtype, "a dtype")
        return dtype

    def graph(self, doc: dict) -> Graph:
        values: list[Value] = []

        def define(t: dict) -> Value:
            shape = tuple(None if d is None else _int(d) for d in t["shape"])
            if any(d is not None and d < 0 for d in shape):
                raise FormatError(f"a value has the shape {shape}, with a negative dimension")
            value = Value(shape, self.dtype(t["dtype"]))
            values.append(value)
            return value

        def use(k: Any) -> Value:
            if type(k) is not int or not 0 <= k < len(values):
                raise FormatError(f"value {k!r} is used before it is defined")
            return values[k]

        inputs = tuple(define(t) for t in doc["inputs"])
        nodes = []
        for n, node in enumerate(doc["nodes"]):
            op = node["op"]
            if not isinstance(op, str) or op not in ops.OPS:
                raise FormatError(f"unknown op {_short(op)}; the ops are a closed set (runtime/graph/ops.py)")
            try:
                node_inputs = tuple(use(k) for k in node["inputs"])
                attrs = {str(k): self.value(v) for k, v in node["attrs"].items()}
                _check_attrs(op, len(node_inputs), attrs)
                try:  # ir.verify does this again, naming the node, but lets these exceptions through
                    ops.infer(op, node_inputs, attrs)
                except (ArithmeticError, ValueError, TypeError, IndexError, KeyError, AttributeError) as error:
                    raise FormatError(f"its inputs and attrs do not make a valid {op} ({type(error).__name__}: "
                                      f"{error})") from error
                caught = node.get("caught")
                if caught is not None and isinstance(caught, dict) and isinstance(caught.get("classes"), list):
                    caught = {**caught, "classes": [self.value(c) for c in caught["classes"]]}
                location = _errstate(_caught(_label(node["location"]), caught), node.get("errstate"))
                location = _warning_filters(location, node.get("warning_filters"), self.value)
                outputs = tuple(define(t) for t in node["outputs"])
            except FormatError as error:
                if getattr(error, "_node", False):  # a node of a subgraph named itself already
                    raise
                located = FormatError(f"node {n} ({op}): {error}")
                located._node = True
                raise located from error.__cause__
            nodes.append(Node(op, node_inputs, attrs, outputs, location))
            name = node.get("name")
            if isinstance(name, str) and name.isidentifier():
                user_names.saved_node_names[nodes[-1]] = name
        graph = Graph(inputs, tuple(nodes), tuple(use(k) for k in doc["outputs"]))
        names = doc.get("parameter_names")
        if isinstance(names, list) and len(names) == len(inputs) and all(
                isinstance(n, str) and n.isidentifier() for n in names):
            user_names.saved_parameter_names[graph] = names
        return graph

    def tree(self, doc: dict) -> TreeDef:
        return self._nested("structures", self._tree, doc)

    def _tree(self, doc: dict) -> TreeDef:
        kind = doc["kind"]
        if kind not in ("leaf", "none", "tuple", "list", "dict"):
            raise FormatError(f"unknown structure kind {kind!r}")
        cls = None
        if "namedtuple" in doc:
            nt = doc["namedtuple"]
            cls = resolve_namedtuple(nt["module"], nt["qualname"], tuple(str(f) for f in nt["fields"]))
        return TreeDef(kind, tuple(self.tree(c) for c in doc["children"]),
                       tuple(self.value(k) for k in doc["keys"]), cls)


@functools.cache  # op names are checked against ops.OPS first, so the cache stays small
def _attr_names(op: str, n_inputs: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The attrs a node of ``op`` with ``n_inputs`` inputs may have, and those it must have: the parameters
    its kernel takes after the inputs (what the interpreter calls, ``kernel(*inputs, **attrs)``)."""
    opdef = ops.OPS[op]
    if opdef.subgraphs:
        return opdef.subgraphs, opdef.subgraphs
    from runtime.graph import kernels  # not at import: kernels imports much of the runtime

    kernel = kernels.NUMPY_KERNELS.get(op)
    if kernel is None or isinstance(kernel, np.ufunc):  # a ufunc's keywords (out=, where=...) are never attrs
        return (), ()
    try:
        parameters = list(inspect.signature(kernel).parameters.values())
    except (TypeError, ValueError):
        return (), ()
    positional = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)
    taken = 0
    known, required = [], []
    for p in parameters:
        if p.kind is inspect.Parameter.VAR_POSITIONAL:
            taken = n_inputs
        elif p.kind in positional and taken < n_inputs:
            taken += 1
        elif p.kind in (inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.KEYWORD_ONLY) and p.name != "out":
            known.append(p.name)
            if p.default is inspect.Parameter.empty:
                required.append(p.name)
    return tuple(known), tuple(required)


def _check_attrs(op: str, n_inputs: int, attrs: dict) -> None:
    """An attr the op does not take would load and fail only when called: refuse it now."""
    known, required = _attr_names(op, n_inputs)
    takes = f"{op} takes the attrs {', '.join(known)}" if known else f"{op} takes no attrs"
    for name in attrs:
        if name not in known:
            raise FormatError(f"unknown attr {name!r}; {takes}")
    for name in required:
        if name not in attrs:
            raise FormatError(f"attr {name!r} is missing; {takes}")


def _caught(location: Any, caught: Any) -> Any:
    """A loaded node's location, with the ``try`` it was made in (``_Encoder.caught``'s record), if any. Its texts
    are escaped as a label's are: they go into an error's message."""
    if caught is None or location is None:
        return location
    if not (isinstance(caught, dict) and isinstance(caught.get("try_at"), str) and isinstance(caught.get("what"), str)):
        raise FormatError(f"its caught {_short(caught)} is not {{classes, try_at, what}}")
    try_at, what = (_printable(caught[key]) for key in ("try_at", "what"))
    classes = caught.get("classes")
    if classes == "all":
        resolved: Any = BaseException
    elif isinstance(classes, list) and all(isinstance(c, type) and issubclass(c, BaseException) for c in classes):
        resolved = tuple(classes)
    else:
        raise FormatError(f"its caught classes {_short(classes)} are not exception classes")
    made = run_time_errors.CaughtLocation(location, resolved, try_at, what)
    made.kind = "with" if caught.get("kind") == "with" else "try"
    return made


def _errstate(location: Any, record: Any) -> Any:
    """A loaded node's location, with the ``np.errstate`` it was made under (``_Encoder.errstate``'s record)."""
    if record is None or location is None:
        return location
    modes_ok = (lambda m: isinstance(m, dict) and set(m) == set(error_state.MODES)
                and all(v in error_state.ALL_MODES for v in m.values()))
    if not (isinstance(record, dict) and modes_ok(record.get("modes")) and modes_ok(record.get("ambient"))
            and isinstance(record.get("block"), str)):
        raise FormatError(f"its errstate {_short(record)} is not {{modes, ambient, block}} of NumPy's error modes")
    modes = tuple((k, record["modes"][k]) for k in error_state.MODES)
    ambient = tuple((k, record["ambient"][k]) for k in error_state.MODES)
    return error_state.with_state(location, error_state.ErrorState(modes, None, ambient, None,
                                                                  _printable(record["block"])))


def _warning_filters(location: Any, record: Any, decode: Callable[[Any], Any] = lambda doc: doc) -> Any:
    """A loaded node's location, with the warnings filters it was made under (``_Encoder.warning_filters``); each
    filter's category read with ``decode`` (the loader's ``value``)."""
    if record is None or location is None:
        return location
    if not isinstance(record, dict):
        raise FormatError(f"its warning_filters {_short(record)} are not {{filters, ambient}}")

    def pattern_ok(p: Any) -> bool:
        return p is None or (isinstance(p, dict) and len(p) == 1 and isinstance(p.get("re", p.get("exact")), str))

    def compiled(p: Any, flags: int) -> Any:
        return None if p is None else p["exact"] if "exact" in p else re.compile(p["re"], flags)

    def items(key: str) -> tuple:
        made = []
        for item in record.get(key) if isinstance(record.get(key), list) else [None]:
            category = decode(item[2]) if isinstance(item, list) and len(item) == 5 else None
            if not (category is not None and isinstance(item[0], str) and item[0] in _FILTER_ACTIONS
                    and pattern_ok(item[1]) and pattern_ok(item[3])
                    and isinstance(category, type) and issubclass(category, Warning)
                    and type(item[4]) is int and item[4] >= 0):
                raise FormatError(f"its warning_filters {_short(record)} are not [action, message, category, module, "
                                  "line] filters")
            try:
                made.append((item[0], compiled(item[1], re.I), category, compiled(item[3], 0), item[4]))
            except re.error as error:
                raise FormatError(f"its warnings filter's pattern does not compile ({error})") from None
        return tuple(made)
    return error_state.with_state(location, warning_filters=error_state.WarningFilters(items("filters"),
                                                                                       items("ambient")))


_FILTER_ACTIONS = frozenset({"error", "ignore", "always", "default", "module", "once"})


def _printable(text: str) -> str:
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text[:200])


def _label(location: Any) -> Any:
    """A node's location as a label: ``<saved: file>``. Run-time warnings name a node's file and line, and
    Python's warning display reads that line from the file (linecache); linecache never reads a name in
    angle brackets, so a file naming /etc/passwd cannot make a warning print a line of it. Characters
    that are not printable are escaped, so a label cannot forge lines of output."""
    if location is None:
        return None
    if not (isinstance(location, list) and len(location) == 2 and isinstance(location[0], str)
            and type(location[1]) is int and location[1] >= 0):
        raise FormatError(f"its location {_short(location)} is not [file, line]")
    name = location[0]
    if not (name.startswith("<saved: ") and name.endswith(">")):  # a loaded graph saved again keeps its label
        name = f"<saved: {_printable(name)}>"
    return (name, location[1])


def _int(x: Any) -> int:
    if type(x) is not int:
        raise FormatError(f"expected an integer, got {_short(x)}")
    return x


def _str(x: Any) -> str:
    if type(x) is not str:
        raise FormatError(f"expected a string, got {_short(x)}")
    return x


def _find(module: str, qualname: str) -> Any:
    """``module.qualname`` if that module is already imported (nothing is imported), else None."""
    obj = sys.modules.get(module)
    for part in qualname.split("."):
        if obj is None or part == "<locals>":
            return None
        obj = inspect.getattr_static(obj, part, None)
    return obj


_STAND_INS: dict[tuple, type] = {}


def resolve_exception(module: Any, qualname: Any, builtin_base: Any) -> type:
    """The saved exception class: a builtin by name, a class of an imported module, else a stand-in."""
    if not all(isinstance(x, str) for x in (module, qualname, builtin_base)):
        raise FormatError("bad exception class reference")
    base = getattr(builtins, builtin_base, None)
    if not (isinstance(base, type) and issubclass(base, BaseException)):
        raise FormatError(f"{builtin_base!r} is not a builtin exception class")
    if not issubclass(base, Exception):
        raise FormatError(f"the exception class {module}.{qualname} is not an Exception subclass; a loaded graph may "
                          f"raise only Exception subclasses (not {builtin_base}: it would end or interrupt the "
                          "program that loads it)")
    found = _find(module, qualname)
    if isinstance(found, type) and issubclass(found, base) and issubclass(found, Exception):
        return found
    key = (module, qualname, builtin_base)
    if key not in _STAND_INS:
        namespace = {"__module__": module, "__qualname__": qualname,
                     "__doc__": f"Stand-in for {module}.{qualname}, whose module was not imported when the saved "
                                "function was loaded (see docs/saving.md)."}
        bases = (SavedExceptionStandIn,) if base is Exception else (SavedExceptionStandIn, base)
        try:
            _STAND_INS[key] = type(qualname.rsplit(".", 1)[-1], bases, namespace)
        except TypeError:  # a builtin base whose layout cannot be mixed in
            _STAND_INS[key] = type(qualname.rsplit(".", 1)[-1], (SavedExceptionStandIn,), namespace)
    return _STAND_INS[key]


def resolve_namedtuple(module: Any, qualname: Any, fields: tuple) -> type:
    """The saved namedtuple class if its module is imported and its fields match, else an equivalent one."""
    found = _find(str(module), str(qualname))
    if isinstance(found, type) and issubclass(found, tuple) and getattr(found, "_fields", None) == fields:
        return found
    try:
        return collections.namedtuple(str(qualname).rsplit(".", 1)[-1].replace("<", "_").replace(">", "_"), fields)
    except ValueError as error:
        raise FormatError(f"bad namedtuple {qualname!r}: {error}") from None


# What an altered file can make the decoding raise, besides FormatError: turned into FormatError, chained.
_MALFORMED = (RecursionError, MemoryError, ArithmeticError, ValueError, KeyError, TypeError, IndexError,
              AttributeError, EOFError, zlib.error)


def _malformed(where: str, error: BaseException) -> FormatError:
    if isinstance(error, MemoryError):
        return FormatError(f"{where}: ran out of memory while loading it ({error}); it declares more than this "
                           "process can hold")
    return FormatError(f"{where}: malformed saved function ({type(error).__name__}: {error})")


def decode_function(document: dict, arrays: list[np.ndarray], where: str = "file") -> FunctionRecord:
    """The function a document describes, every graph verified; ``FormatError`` for anything malformed."""
    stage = "its document"
    used: set[int] = set()
    try:
        variables = []
        for k, v in enumerate(document["variables"]):
            stage = f"variable {k}"
            decoder = _Decoder(arrays, [], used)
            variables.append(Variable(np.array(decoder.array(v["value"])), name=str(v["name"])))
        decoder = _Decoder(arrays, variables, used)
        parameters = []
        for p in document["parameters"]:
            stage = f"parameter {_short(p['name'])}"
            kind = _PARAMETER_KINDS[p["kind"]]
            stage = f"the default of parameter {_short(p['name'])}"
            default = inspect.Parameter.empty if p["default"] is None else decoder.value(p["default"]["value"])
            parameters.append(inspect.Parameter(str(p["name"]), kind, default=default))
        stage = "its parameters"
        inspect.Signature(parameters)  # names unique, kinds in order: else LoadedFunction would fail later
        concretes = []
        for i, c in enumerate(document["concrete_functions"]):
            stage = f"concrete function {i}"
            graph = decoder.graph(c["graph"])
            verify(graph, f"concrete function {i}")
            arg_tree = decoder.tree(c["arg_tree"])
            if arg_tree.kind != "tuple" or len(arg_tree.children) != len(parameters):
                raise FormatError("its arguments do not match the parameters")
            concretes.append(ConcreteRecord(
                graph, arg_tree, tuple(decoder.value(x) for x in c["arg_leaves"]),
                decoder.tree(c["out_tree"]), tuple(decoder.value(x) for x in c["out_leaves"]),
                str(c["signature_text"])))
        stage = "its signatures"
        _check_consistent(concretes)
        record = FunctionRecord(str(document["name"]), tuple(parameters), tuple(concretes), tuple(variables))
    except FormatError as error:
        raise FormatError(f"{where}: {stage}: {error}") from error.__cause__
    except VerificationError as error:
        raise FormatError(f"{where}: a saved graph is not well formed: {error}") from error
    except _MALFORMED as error:
        raise _malformed(f"{where}: {stage}", error) from error
    unused = sorted(set(range(len(arrays))) - used)
    if unused:  # an array nothing reads was added to the file (and allocated for nothing)
        raise FormatError(f"{where}: arrays/{unused[0]}.npy is never used by the function; the file was altered "
                          "after saving")
    return record


def _check_consistent(concretes: list[ConcreteRecord]) -> None:
    """Each signature's tensors and results match its graph's inputs and outputs."""
    for i, c in enumerate(concretes):
        specs = [x for x in c.arg_leaves if isinstance(x, TensorSpec)]
        outs = [x for x in c.out_leaves if isinstance(x, TensorSpec)]
        if c.arg_tree.num_leaves != len(c.arg_leaves) or c.out_tree.num_leaves != len(c.out_leaves):
            raise FormatError(f"concrete function {i}: its structures and leaves disagree")
        tags = [x.tag for x in outs if x.path_kinds]
        if len(specs) != len(c.graph.inputs) or len(outs) + len(tags) != len(c.graph.outputs):
            raise FormatError(f"concrete function {i}: its signature does not match its graph")
        if sorted(tags) != list(range(len(outs), len(c.graph.outputs))) \
                or any(c.graph.outputs[t].dtype != np.int64 or c.graph.outputs[t].shape != () for t in tags):
            raise FormatError(f"concrete function {i}: a result's tag is not one of its graph's last outputs")
        if any(x.dtype != v.dtype for x, v in zip(specs, c.graph.inputs)):
            raise FormatError(f"concrete function {i}: an input's dtype does not match its graph")


def save(path: Any, record: FunctionRecord) -> None:
    """Write ``record`` to ``path`` (``SerializationError`` before writing anything it cannot hold)."""
    document, arrays = encode_function(record)
    write(path, document, arrays)


def load(path: Any, *, max_bytes: int = MAX_BYTES, max_manifest_bytes: int = MAX_MANIFEST_BYTES,
         max_document_bytes: int = MAX_DOCUMENT_BYTES) -> FunctionRecord:
    """Read a function saved by ``save`` (``FormatError`` for a file it cannot trust or read).

    ``max_bytes`` limits all members together, uncompressed; ``max_manifest_bytes`` and
    ``max_document_bytes`` its manifest.json and function.json (docs/saving.md). Whatever is wrong
    with the file's contents is a ``FormatError``; only a missing file (``FileNotFoundError``), another
    ``OSError`` reading it, and interrupts (``KeyboardInterrupt``) are not."""
    where = os.fspath(path)
    try:
        document, arrays = read(path, max_bytes=max_bytes, max_manifest_bytes=max_manifest_bytes,
                                max_document_bytes=max_document_bytes)
        return decode_function(document, arrays, where)
    except FormatError:
        raise
    except _MALFORMED as error:  # a failure no explicit check foresaw: still the file's fault
        raise _malformed(where, error) from error




def save_graph(path: Any, graph: Graph) -> None:
    """Save a bare graph (no Function around it): its inputs become parameters ``x0, x1, ...``."""
    names = [f"x{i}" for i in range(len(graph.inputs))]
    parameters = tuple(inspect.Parameter(n, inspect.Parameter.POSITIONAL_OR_KEYWORD) for n in names)
    specs = tuple(TensorSpec(v.shape, v.dtype) for v in graph.inputs)
    leaf = TreeDef("leaf")
    record = ConcreteRecord(graph, TreeDef("tuple", (leaf,) * len(specs)), specs,
                            TreeDef("tuple", (leaf,) * len(graph.outputs)),
                            tuple(TensorSpec(v.shape, v.dtype) for v in graph.outputs), f"graph({', '.join(names)})")
    save(path, FunctionRecord("graph", parameters, (record,), ()))


def load_graph(path: Any, **limits: int) -> Graph:
    """The graph of a file written by ``save_graph`` (or the first concrete function's of any saved function);
    ``limits`` as for ``load``."""
    record = load(path, **limits)
    if not record.concretes:
        raise FormatError(f"{os.fspath(path)}: holds no concrete function, so no graph")
    return record.concretes[0].graph


__all__ = ["FORMAT_VERSION", "MAX_BYTES", "MAX_DEPTH", "MAX_DOCUMENT_BYTES", "MAX_MANIFEST_BYTES", "ConcreteRecord",
           "FormatError", "FunctionRecord", "SavedExceptionStandIn",
           "SerializationError", "load", "load_graph", "save", "save_graph"]
