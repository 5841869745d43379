"""Our graph: the IR, tracing NumPy code into it, and running it on NumPy.

Layers, each importing only the ones above it in this list::

    shapes, ops            shape arithmetic; the closed op table: one record per op (opdefs.OpDef: shape/dtype
                           rule, NumPy kernel (core_kernels), effect facts, where its JAX and numba rules are)
    printing, ir           text / DOT / SVG views; Value, Node, Graph, verify
    builder                the graph under construction (a ContextVar)
    tensor, variables      the Tensor users hold while tracing (and NumPy's protocols); Variable, print_, assert_
    numpy_random           np.random's draws as random ops (ops_random), and the watch a trace keeps on generators
    tracing                trace / trace_subgraph, TensorSpec, output structures
    numpy_api, numpy_linalg  NumPy functions on tensors (they fill tensor.NUMPY_FUNCTIONS)
    numpy_array            static-shape array functions (pad, sort, quantile, ...), ufunc methods, array methods
    numpy_complex          .real / .imag, np.real, imag, iscomplex, isreal, nan_to_num
    numpy_fft, numpy_polynomial  np.fft's transforms and shifts; polyfit, polyval, vander
    numpy_pieces           append, insert, delete, diagflat, choose
    numpy_derived          digitize, unravel_index, gradient, common_type, apply_over_axes
    numpy_data_dependent   functions whose output size depends on the values (np.unique, np.nonzero, ...)
    numpy_more             can_cast, resize, lexsort, unwrap, piecewise, copyto, put, place, putmask, ...
    interpreter            run(graph, inputs) with NUMPY_KERNELS
    subgraphs, control_flow, loops, backend
                           staged if / while / for, and the backend the dispatch core hands them to
    serialization, loaded  the saved-function file format (save / load, no pickle); a loaded function

Importing this package registers the graph backend and the NumPy functions.

    >>> import numpy as np
    >>> from runtime.graph import TensorSpec, run, trace
    >>> graph, out_tree = trace(lambda x: np.sum(x * 2), [TensorSpec((3,), np.float64)])
    >>> float(run(graph, [np.ones(3)])[0])
    6.0
"""

from runtime.graph import (  # noqa: F401, I001  (they register the NumPy functions; numpy_data_dependent after them)
    numpy_api, numpy_array, numpy_complex, numpy_derived, numpy_fft, numpy_linalg, numpy_pieces, numpy_polynomial)
from runtime.graph import numpy_data_dependent  # noqa: F401, I001  (it registers NumPy functions too)
from runtime.graph import numpy_more  # noqa: F401, I001  (it registers NumPy functions too)
from runtime.graph.backend import GRAPH_BACKEND, GraphBackend, GraphRange
from runtime.graph.builder import current_builder
from runtime.graph.interpreter import NUMPY_KERNELS, run
from runtime.graph.ir import FrozenDict, Graph, Node, Value, VerificationError, verify
from runtime.graph.loops import unroll_limit
from runtime.graph.ops import OPS
from runtime.graph.tensor import Tensor
from runtime.graph.tracing import TensorSpec, TreeDef, flatten, trace, trace_subgraph, unflattener
from runtime.graph.variables import Variable, assert_, print_

__all__ = [
    "GRAPH_BACKEND", "NUMPY_KERNELS", "OPS", "FrozenDict", "Graph", "GraphBackend", "GraphRange", "Node", "Tensor",
    "TensorSpec", "TreeDef", "Value", "Variable", "VerificationError", "assert_", "current_builder", "flatten",
    "print_", "run", "trace", "trace_subgraph", "unflattener", "unroll_limit", "verify",
]
