"""The ``numpy_function`` op: the user's own NumPy or Python function, called each time the graph runs.

Before (Python, ``x`` a graph tensor)::

    y = autograph.numpy_function(np.unique, x, output_spec=TensorSpec([None], np.float64))

After (the graph)::

    b:f64[?] = numpy_function[call=unique($0) -> f64[?]] a

* ``numpy_function(*inputs; call)``: ``call`` (a ``runtime.numpy_function.HostCall``) holds the function,
  its arguments as the user passed them with ``$k`` for the k-th input, and the declared outputs; the
  kernel calls the function on the inputs' values and checks what it returns against them
  (``HostCall.run``). Its outputs are the declared specs (a ``None`` dim is ``?``).

A stateful op (``opdefs.OpDef.stateful``), as TensorFlow's ``numpy_function`` is by default: the function
may have effects (count, log, draw), so no pass folds, merges, hoists or drops it, and it runs in traced
order, on the calling thread (runtime/graph/passes/effects.py, runtime/graph/parallel.py). Its JAX rule
(runtime/jax/lowering.py) is an ordered ``io_callback`` (runtime/jax/callback.py). A graph holding one is not saved
(runtime/graph/serialization.py): a Python function is not data the file format holds.
"""

from __future__ import annotations

from typing import Any

from runtime.graph.opdefs import define


def _rule(ins: Any, attrs: Any) -> list:
    return [(tuple(spec.shape), spec.dtype) for spec in attrs["call"].specs]


def _kernel(*inputs: Any, call: Any) -> Any:
    outputs = call.run(inputs)
    return outputs[0] if len(outputs) == 1 else outputs  # (one output: the value itself, as every kernel's)


# (Its JAX rule is in runtime/jax/lowering.py with the other stateful ops': runtime/jax/callback.py.)
define("numpy_function", _rule, stateful=True, kernel=_kernel, jax="runtime.jax.lowering")
