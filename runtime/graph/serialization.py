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
with ``FormatError`` before anything runs. Saving refuses, with ``SerializationError`` naming the
op and attr, any value the format cannot represent, so a load never gives a different graph.
"""

from __future__ import annotations

import builtins
import collections
import hashlib
import inspect
import io
import json
import os
import sys
import zipfile
import zlib
from dataclasses import dataclass
from typing import Any

import numpy as np

from runtime.graph import ops
from runtime.graph.control_flow import paths
from runtime.graph.ir import Graph, Node, Value, VerificationError, verify
from runtime.graph.shapes import Ref
from runtime.graph.tracing import TensorSpec, TreeDef
from runtime.graph.variables import Variable

FORMAT_NAME = "autograph-numpy saved function"
FORMAT_VERSION = 1
MANIFEST, DOCUMENT = "manifest.json", "function.json"


class SerializationError(TypeError):
    """Saving met something the format cannot represent; the message says what and where."""


class FormatError(ValueError):
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
            return {"$": "ref", "k": x.k}
        if isinstance(x, np.dtype):
            return {"$": "dtype", "dtype": dtype_str(x, where)}
        if t is np.ndarray:
            return {"$": "array", "index": self.array(x, where)}
        if isinstance(x, np.generic):
            return {"$": "scalar", "index": self.array(np.asarray(x), where)}
        if isinstance(x, TensorSpec):
            return {"$": "spec", "shape": list(x.shape), "dtype": dtype_str(x.dtype, where)}
        if isinstance(x, Graph):
            return {"$": "graph", "graph": self.graph(x, where)}
        if isinstance(x, Variable):
            if id(x) not in self.variables:
                self.variables[id(x)] = (len(self.variables), x)
            return {"$": "variable", "index": self.variables[id(x)][0]}
        if isinstance(x, type) and issubclass(x, BaseException):
            return {"$": "exception", **exception_ref(x)}
        if isinstance(x, np.ufunc) and getattr(np, x.__name__, None) is x:
            return {"$": "ufunc", "name": x.__name__}
        raise SerializationError(
            f"{where} is a {t.__module__}.{t.__qualname__} ({_short(x)}), which the saved-function format "
            "cannot represent (it holds numbers, strings, tuples, lists, dicts, slices, dtypes, arrays, "
            "Variables and exception classes); nothing was saved")

    def graph(self, graph: Graph, where: str) -> dict:
        numbers: dict[int, int] = {}

        def define(value: Value) -> dict:
            numbers[id(value)] = len(numbers)
            return {"shape": list(value.shape), "dtype": dtype_str(value.dtype, where)}

        inputs = [define(v) for v in graph.inputs]
        nodes = []
        for n, node in enumerate(graph.nodes):
            here = f"{where}, node {n} ({node.op})"
            attrs = {name: self.value(value, f"{here}: attr {name!r}") for name, value in node.attrs.items()}
            nodes.append({
                "op": node.op,
                "inputs": [numbers[id(v)] for v in node.inputs],
                "attrs": attrs,
                "outputs": [define(v) for v in node.outputs],
                "location": None if node.location is None else [str(node.location[0]), int(node.location[1])],
            })
        return {"inputs": inputs, "nodes": nodes, "outputs": [numbers[id(v)] for v in graph.outputs]}

    def tree(self, tree: TreeDef, where: str) -> dict:
        doc: dict = {"kind": tree.kind, "children": [self.tree(c, where) for c in tree.children],
                     "keys": [self.value(k, f"{where}: a dict key") for k in tree.keys]}
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

def _sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def write(path: Any, document: dict, arrays: list[np.ndarray]) -> None:
    """Write the file (to a temporary name first, so an interrupted save leaves no half file)."""
    members: dict[str, bytes] = {DOCUMENT: json.dumps(document, allow_nan=False, separators=(",", ":")).encode()}
    for k, array in enumerate(arrays):
        buffer = io.BytesIO()
        np.save(buffer, array, allow_pickle=False)
        members[f"arrays/{k}.npy"] = buffer.getvalue()
    manifest = {"format": FORMAT_NAME, "version": FORMAT_VERSION,
                "files": {name: _sha256(data) for name, data in members.items()}}
    path = os.fspath(path)
    partial = path + ".partial"
    with zipfile.ZipFile(partial, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        archive.writestr(MANIFEST, json.dumps(manifest, indent=1))
        for name, data in members.items():
            archive.writestr(name, data)
    os.replace(partial, path)


def read(path: Any) -> tuple[dict, list[np.ndarray]]:
    """The document and arrays of a file, after checking its format, version and checksums."""
    path = os.fspath(path)
    if not os.path.isfile(path):
        raise FileNotFoundError(f"no saved function at {path!r}")
    try:
        with zipfile.ZipFile(path) as archive:
            names = set(archive.namelist())
            if MANIFEST not in names:
                raise FormatError(f"{path}: not a saved autograph function (no {MANIFEST})")
            manifest = _json(archive.read(MANIFEST), path, MANIFEST)
            _check_manifest(manifest, path)
            files = manifest["files"]
            extra = names - set(files) - {MANIFEST}
            if extra:
                raise FormatError(f"{path}: holds files its manifest does not list ({', '.join(sorted(extra))}); "
                                  "the file was altered after saving")
            contents = {}
            for name, digest in files.items():
                if name not in names:
                    raise FormatError(f"{path}: {name} is missing; the file is incomplete")
                data = archive.read(name)
                if _sha256(data) != digest:
                    raise FormatError(f"{path}: {name} does not match its checksum; the file was altered or "
                                      "damaged after saving")
                contents[name] = data
    except (zipfile.BadZipFile, zipfile.LargeZipFile, zlib.error, EOFError, NotImplementedError) as error:
        raise FormatError(f"{path}: not a readable saved function (truncated or damaged: {error})") from None
    document = _json(contents[DOCUMENT], path, DOCUMENT) if DOCUMENT in contents else None
    if not isinstance(document, dict):
        raise FormatError(f"{path}: {DOCUMENT} is missing or not an object")
    arrays = []
    k = 0
    while f"arrays/{k}.npy" in contents:
        try:
            arrays.append(np.load(io.BytesIO(contents[f"arrays/{k}.npy"]), allow_pickle=False))
        except ValueError as error:
            raise FormatError(f"{path}: arrays/{k}.npy is not a plain .npy array ({error})") from None
        k += 1
    return document, arrays


def _json(data: bytes, path: str, name: str) -> Any:
    try:
        return json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise FormatError(f"{path}: {name} is not valid JSON ({error})") from None


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
    def __init__(self, arrays: list[np.ndarray], variables: list[Variable]) -> None:
        self.arrays, self.variables = arrays, variables

    def array(self, index: Any) -> np.ndarray:
        if type(index) is not int or not 0 <= index < len(self.arrays):
            raise FormatError(f"array {index!r} is not in the file")
        array = self.arrays[index]
        dtype_str(array.dtype, "an array")
        return array

    def value(self, doc: Any) -> Any:
        if doc is None or type(doc) in (bool, int, float, str):
            return doc
        if not isinstance(doc, dict):
            raise FormatError(f"unexpected {type(doc).__name__} {_short(doc)} where a value was expected")
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
            return Ref(_int(doc["k"]))
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
            return TensorSpec([None if d is None else _int(d) for d in doc["shape"]], self.dtype(doc["dtype"]))
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
            value = Value(tuple(None if d is None else _int(d) for d in t["shape"]), self.dtype(t["dtype"]))
            values.append(value)
            return value

        def use(k: Any) -> Value:
            if type(k) is not int or not 0 <= k < len(values):
                raise FormatError(f"value {k!r} is used before it is defined")
            return values[k]

        inputs = tuple(define(t) for t in doc["inputs"])
        nodes = []
        for node in doc["nodes"]:
            op = node["op"]
            if op not in ops.OPS:
                raise FormatError(f"unknown op {op!r}; the ops are a closed set (runtime/graph/ops.py)")
            node_inputs = tuple(use(k) for k in node["inputs"])
            attrs = {str(k): self.value(v) for k, v in node["attrs"].items()}
            location = node["location"]
            if location is not None:
                location = (str(location[0]), _int(location[1]))
            nodes.append(Node(op, node_inputs, attrs, tuple(define(t) for t in node["outputs"]), location))
        return Graph(inputs, tuple(nodes), tuple(use(k) for k in doc["outputs"]))

    def tree(self, doc: dict) -> TreeDef:
        kind = doc["kind"]
        if kind not in ("leaf", "none", "tuple", "list", "dict"):
            raise FormatError(f"unknown structure kind {kind!r}")
        cls = None
        if "namedtuple" in doc:
            nt = doc["namedtuple"]
            cls = resolve_namedtuple(nt["module"], nt["qualname"], tuple(str(f) for f in nt["fields"]))
        return TreeDef(kind, tuple(self.tree(c) for c in doc["children"]),
                       tuple(self.value(k) for k in doc["keys"]), cls)


def _int(x: Any) -> int:
    if type(x) is not int:
        raise FormatError(f"expected an integer, got {_short(x)}")
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
    found = _find(module, qualname)
    if isinstance(found, type) and issubclass(found, base):
        return found
    key = (module, qualname, builtin_base)
    if key not in _STAND_INS:
        namespace = {"__module__": module, "__qualname__": qualname,
                     "__doc__": f"Stand-in for {module}.{qualname}, whose module was not imported when the saved "
                                "function was loaded (see docs/saving.md)."}
        bases = (SavedExceptionStandIn,) if base in (Exception, BaseException) else (SavedExceptionStandIn, base)
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


def decode_function(document: dict, arrays: list[np.ndarray], where: str = "file") -> FunctionRecord:
    """The function a document describes, every graph verified; ``FormatError`` for anything malformed."""
    try:
        variables = []
        for v in document["variables"]:
            decoder = _Decoder(arrays, [])
            variables.append(Variable(np.array(decoder.array(v["value"])), name=str(v["name"])))
        decoder = _Decoder(arrays, variables)
        parameters = []
        for p in document["parameters"]:
            kind = _PARAMETER_KINDS[p["kind"]]
            default = inspect.Parameter.empty if p["default"] is None else decoder.value(p["default"]["value"])
            parameters.append(inspect.Parameter(str(p["name"]), kind, default=default))
        concretes = []
        for i, c in enumerate(document["concrete_functions"]):
            graph = decoder.graph(c["graph"])
            verify(graph, f"concrete function {i}")
            concretes.append(ConcreteRecord(
                graph, decoder.tree(c["arg_tree"]), tuple(decoder.value(x) for x in c["arg_leaves"]),
                decoder.tree(c["out_tree"]), tuple(decoder.value(x) for x in c["out_leaves"]),
                str(c["signature_text"])))
        _check_consistent(concretes)
        return FunctionRecord(str(document["name"]), tuple(parameters), tuple(concretes), tuple(variables))
    except FormatError as error:
        raise FormatError(f"{where}: {error}") from None
    except VerificationError as error:
        raise FormatError(f"{where}: a saved graph is not well formed: {error}") from None
    except (KeyError, TypeError, ValueError, IndexError, AttributeError, RecursionError) as error:
        raise FormatError(f"{where}: malformed saved function ({type(error).__name__}: {error})") from None


def _check_consistent(concretes: list[ConcreteRecord]) -> None:
    """Each signature's tensors and results match its graph's inputs and outputs."""
    for i, c in enumerate(concretes):
        specs = [x for x in c.arg_leaves if isinstance(x, TensorSpec)]
        outs = [x for x in c.out_leaves if isinstance(x, TensorSpec)]
        if c.arg_tree.num_leaves != len(c.arg_leaves) or c.out_tree.num_leaves != len(c.out_leaves):
            raise FormatError(f"concrete function {i}: its structures and leaves disagree")
        if len(specs) != len(c.graph.inputs) or len(outs) != len(c.graph.outputs):
            raise FormatError(f"concrete function {i}: its signature does not match its graph")
        if any(x.dtype != v.dtype for x, v in zip(specs, c.graph.inputs)):
            raise FormatError(f"concrete function {i}: an input's dtype does not match its graph")


def save(path: Any, record: FunctionRecord) -> None:
    """Write ``record`` to ``path`` (``SerializationError`` before writing anything it cannot hold)."""
    document, arrays = encode_function(record)
    write(path, document, arrays)


def load(path: Any) -> FunctionRecord:
    """Read a function saved by ``save`` (``FormatError`` for a file it cannot trust or read)."""
    document, arrays = read(path)
    return decode_function(document, arrays, os.fspath(path))




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


def load_graph(path: Any) -> Graph:
    """The graph of a file written by ``save_graph`` (or the first concrete function's of any saved function)."""
    return load(path).concretes[0].graph


__all__ = ["FORMAT_VERSION", "ConcreteRecord", "FormatError", "FunctionRecord", "SavedExceptionStandIn",
           "SerializationError", "load", "load_graph", "save", "save_graph"]
