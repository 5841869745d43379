"""Saving graphs without their Python source: ``save``, ``load``, and ``export_stablehlo`` for runtimes without Python.

    autograph.save(my_fn, "my_fn.agz")          # every concrete function traced so far, and the Variables
    loaded = autograph.load("my_fn.agz")        # NumPy only; the source file may be long gone
    loaded(np.ones(3))                          # runs the saved graph whose signature fits

    exported = autograph.export_stablehlo(my_fn.get_concrete_function(np.ones(3)))
    blob = exported.serialize()                 # StableHLO, for any runtime jax.export targets

The file format is runtime/graph/serialization.py, the loaded object runtime/graph/loaded.py (both
need only ``runtime`` and NumPy); docs/saving.md is the user's page.
"""

from __future__ import annotations

import os
from typing import Any, Union

from autograph.concrete_function import ConcreteFunction
from autograph.function import Function
from runtime.graph import flatten as flatten_outputs
from runtime.graph import ops, serialization
from runtime.graph.loaded import LoadedConcreteFunction, LoadedFunction
from runtime.graph.serialization import (
    FORMAT_VERSION,
    ConcreteRecord,
    FormatError,
    FunctionRecord,
    SavedExceptionStandIn,
    SerializationError,
)
from runtime.graph.tracing import TensorSpec
from runtime.staging import format_site

__all__ = ["FORMAT_VERSION", "FormatError", "LoadedConcreteFunction", "LoadedFunction", "SavedExceptionStandIn",
           "SerializationError", "export_stablehlo", "load", "save"]


def _record(concrete: ConcreteFunction) -> ConcreteRecord:
    if concrete.graph is None:
        raise SerializationError(f"{concrete!r} was traced with backend='jax', which builds no graph of ours to "
                                 "save; use backend='graph' (any executor), or export the JAX function with "
                                 "jax.export")
    out_leaves, out_tree = flatten_outputs(concrete.output_spec)
    tags = sum(1 for x in out_leaves if isinstance(x, TensorSpec) and x.path_kinds)  # (each an extra output)
    if sum(isinstance(x, TensorSpec) for x in out_leaves) + tags != len(concrete.graph.outputs):
        raise SerializationError(f"{concrete.name} writes into one of its array arguments in place (x[...] = v); "
                                 "a saved function cannot write back into its caller's arrays. Copy the argument "
                                 "inside the function (x = x.copy()) and return it instead")
    return ConcreteRecord(concrete.graph, concrete._tree, tuple(concrete._leaves), out_tree, tuple(out_leaves),
                          concrete.pretty_printed_signature())


def save(fn: Union[Function, ConcreteFunction], path: Union[str, os.PathLike]) -> None:
    """Save a ``Function`` (every concrete function it has traced) or one ``ConcreteFunction`` to ``path``.

    The file holds the graphs, their constants and the current values of the Variables they use;
    ``load`` reads it back without the Python source. Raises ``SerializationError`` (writing
    nothing) for a graph the format cannot represent, naming the op and attr. The save is atomic: the
    file is written to a new temporary file next to ``path`` and renamed over it, so ``path`` holds
    the previous file or the new one, whole, also under concurrent saves and interrupts."""
    if isinstance(fn, Function):
        concretes = fn.concrete_functions
        if not concretes:
            raise SerializationError(f"{fn.__name__} has not been traced yet, so there is no graph to save: call it "
                                     "or get_concrete_function(...) with each input signature you want saved first")
        name, signature = fn.__name__, fn._signature
    elif isinstance(fn, ConcreteFunction):
        concretes, name, signature = [fn], fn.name, fn._signature
    else:
        raise TypeError(f"autograph.save takes an autograph.function or one of its concrete functions, got a "
                        f"{type(fn).__name__}")
    record = FunctionRecord(name, tuple(signature.parameters.values()), tuple(_record(c) for c in concretes), ())
    serialization.save(path, record)


def load(path: Union[str, os.PathLike], *, max_bytes: int = serialization.MAX_BYTES,
         max_manifest_bytes: int = serialization.MAX_MANIFEST_BYTES,
         max_document_bytes: int = serialization.MAX_DOCUMENT_BYTES) -> LoadedFunction:
    """A function saved by ``save``: callable like the original, with ``concrete_functions`` and ``variables``.

    Raises ``FormatError`` for a file from a newer format version, a truncated, altered or malformed
    one, or one larger than the limits (``max_bytes``: all members uncompressed, 2 GiB by default;
    ``max_manifest_bytes``, ``max_document_bytes``: see docs/saving.md), before anything runs or
    any member is decompressed past the limits."""
    record = serialization.load(path, max_bytes=max_bytes, max_manifest_bytes=max_manifest_bytes,
                                max_document_bytes=max_document_bytes)
    try:
        return LoadedFunction(record)
    except (ValueError, TypeError, KeyError, IndexError, RecursionError) as error:
        # decode_function checks what LoadedFunction relies on; this is the net under those checks.
        raise FormatError(f"{os.fspath(path)}: malformed saved function ({type(error).__name__}: {error})") \
            from error


def export_stablehlo(concrete: Union[ConcreteFunction, LoadedConcreteFunction], *, unchecked: bool = False) -> Any:
    """The concrete function's graph as a ``jax.export.Exported`` (StableHLO), through our JAX lowering.

    The exported function takes the tensor arguments, flattened in parameter order (Python
    arguments are fixed at their traced values), and returns the graph's outputs as a flat tuple,
    in 64-bit types where the graph has them (call it under ``jax.enable_x64(True)``).
    ``.serialize()`` gives bytes that ``jax.export.deserialize`` reads back, also in a runtime without
    our Python code. Graphs with Variables, ``print``, assertions, random draws or ``numpy_function``
    calls, and unknown dims, are refused; so is a graph whose ops NumPy raises for on some values only
    (an index computed when it runs, ``inv`` / ``solve`` of a singular matrix, a negative integer power),
    which the executor checks when it runs, unless ``unchecked=True``: then the exported program gives
    XLA's answers on those values (a clamped index, inf / NaN entries) where NumPy raises. (The executor's check
    that a sum's order cannot decide its answer near overflow is left out unasked: NumPy raises no error there;
    the exported program adds in XLA's order.)"""
    from runtime import jax as jax_runtime

    jax_runtime.require()
    import jax

    from runtime.jax import lowering

    graph = getattr(concrete, "graph", None)
    if graph is None:
        raise TypeError(f"export_stablehlo takes a concrete function with a graph of ours, got {concrete!r}")
    if ops.graph_is_stateful(graph):
        raise SerializationError(f"{concrete.name}'s graph has state or effects (a Variable, print, assert, random "
                                 "draw or numpy_function), which export_stablehlo does not export: StableHLO has no "
                                 "place for them (nor for a call to Python). Pass Variable values as arguments and "
                                 "return what you would print or check")
    if any(None in v.shape for v in graph.inputs):
        types = ", ".join(v.type_str for v in graph.inputs)
        raise SerializationError(f"{concrete.name} was traced with unknown dims ({types}); "
                                 "export_stablehlo needs every input shape known: trace it for concrete shapes")
    lowered = lowering.lower(graph)
    # (A check that a sum's order cannot decide its answer is left out, unasked: NumPy raises no error there, and
    # the exported program is XLA's, adding in XLA's order, as a jax.jit of the same jnp code would.)
    checked = [node for node in lowering.checked_nodes(lowered) if node not in lowering.order_checked_nodes(lowered)]
    if checked and not unchecked:
        node = checked[0]
        where = format_site(*node.location) if node.location else "its graph"
        index = node in lowering.index_checked_nodes(lowered)
        what, errors = (("indexes an array at an index computed when it runs", "IndexError out of bounds") if index
                        else (f"calls {node.op}", "LinAlgError for a singular matrix or one that is not finite, "
                                                  "ValueError for a negative integer power"))
        raise SerializationError(
            f"{concrete.name} {what} ({where}), for which NumPy raises an error that only the values decide "
            f"({errors}): the executor checks it when the graph runs, and StableHLO has no place for an error. "
            "Pass unchecked=True to export XLA's answers there (a clamped index, inf / NaN) instead"
            + (", or say what an index out of range reads with np.take(x, i, axis=..., mode='clip')" if index
               else ""))
    if lowering.checked_nodes(lowered):
        lowered = lowering.Lowered(graph, checks=False)

    def exported_fn(*inputs: Any) -> tuple:
        return lowered.fn(*inputs)  # a graph without state or effects: its outputs only

    specs = [jax.ShapeDtypeStruct(v.shape, v.dtype) for v in graph.inputs]
    with jax.enable_x64(True):
        return jax.export.export(jax.jit(exported_fn))(*specs)
