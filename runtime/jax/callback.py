"""``autograph.numpy_function`` under XLA: an ordered ``io_callback`` to the user's NumPy function.

Before (a graph of ours, lowered for ``executor="jax"``; or the user's call under ``backend="jax"``)::

    b:f64[3] = numpy_function[call=smooth($0) -> f64[3]] a

After (what the lowering, or the JAX backend, binds)::

    b = io_callback(host, jax.ShapeDtypeStruct((3,), float64), a, ordered=True)

Why ``io_callback(..., ordered=True)`` and not ``jax.pure_callback``: a ``numpy_function`` is stateful
(runtime/numpy_function.py), and XLA may drop a pure callback whose result is unused, or call it more
or fewer times than the program says; an ordered IO callback runs exactly where and as often as the
program does, in order, as on the NumPy executor. The price is JAX's: it has no gradient (a JVP is
refused) and cannot be batched by ``jax.vmap``; both refusals name the call's line here.

A failure inside the callback (the user's function raising, an ``OutputSpecError``) reaches the caller
as JAX's ``JaxRuntimeError``, whose message ends with the original error; ``host_failure`` gives the
original back to a caller that can re-raise it as itself (``Lowered.call`` for ``executor="jax"``).
"""

from __future__ import annotations

import dataclasses
import threading
from typing import Any, Optional, Sequence

import jax
import numpy as np
from jax.experimental import io_callback

from runtime.limits import NotStageable
from runtime.numpy_function import HostCall, OutputSpecError, Slot

# The last error a host call raised on each thread (JAX runs a CPU callback on the thread that called
# the compiled function): ``host_failure`` hands it to a caller that can raise it as itself.
_FAILED = threading.local()


def _bind(call: HostCall, inputs: Sequence[Any], canonical: bool, location: Any = None) -> tuple:
    """``io_callback`` of ``call`` on ``inputs`` (JAX values, one per ``Slot``): one JAX value per output spec.
    ``canonical``: declare the outputs in JAX's current default types (x64 off: float64 as float32), as
    ``backend="jax"`` computes; the callback still checks them against the specs as declared. ``location``: the
    graph node's (``host_failure_location`` gives it with a failure: a ``try`` of the program's may catch it)."""
    unknown = [s for s in call.specs if None in tuple(s.shape)]
    if unknown:
        raise NotStageable(
            f"{call.where()}: numpy_function({call.name}, ...) declares an output of shape {tuple(unknown[0].shape)}, "
            "with a dim known only at run time, which XLA cannot hold (its shapes are fixed when it compiles): "
            "declare the full shape, or run this function on the NumPy executor (executor='numpy', the default)")
    dtypes = [jax.dtypes.canonicalize_dtype(s.dtype) if canonical else np.dtype(s.dtype) for s in call.specs]
    shapes = tuple(jax.ShapeDtypeStruct(tuple(s.shape), d) for s, d in zip(call.specs, dtypes))

    def host(*values: Any) -> tuple:
        try:
            outputs = call.run([np.asarray(v) for v in values])
        except Exception as error:
            if hasattr(error, "add_note") and not isinstance(error, OutputSpecError):  # (which names it already)
                error.add_note(f"(raised while running the compiled function, by the numpy_function called at "
                               f"{call.where()})")
            _FAILED.error, _FAILED.location = error, location
            raise
        return tuple(np.asarray(o, dtype=d) for o, d in zip(outputs, dtypes))

    try:
        return tuple(io_callback(host, shapes, *inputs, ordered=True))
    except ValueError as error:  # JAX's refusals at bind time: a JVP (jax.grad), a batch (jax.vmap)
        text = str(error)
        if "JVP" in text or "jvp" in text:
            raise NotStageable(
                f"{call.where()}: numpy_function({call.name}, ...) has no gradient: jax.grad (and jax.jvp, "
                "jax.jacfwd, ...) cannot differentiate through a call to Python (JAX's callbacks define none). "
                "Compute this part with jax.numpy, or wrap it in jax.custom_jvp / jax.custom_vjp with a "
                "derivative of your own, or keep it out of the differentiated function") from error
        if "vmap" in text:
            raise NotStageable(
                f"{call.where()}: numpy_function({call.name}, ...) under jax.vmap is not supported: it is an ordered "
                "effect (it runs once per call of the program, in order), which JAX cannot batch. Call it on the "
                "whole batch instead (vectorize inside the function), or loop over the batch") from error
        raise


def lower(call: HostCall, inputs: Sequence[Any], location: Any = None) -> Any:
    """What the JAX rule of the ``numpy_function`` op (runtime/graph/ops_callback.py; runtime/jax/lowering.py)
    computes, in 64 bits as the lowered graph does: its output, or a tuple of them (None for none). ``location``:
    the node's."""
    outputs = _bind(call, inputs, canonical=False, location=location)
    if not outputs:
        return None
    return outputs[0] if len(outputs) == 1 else outputs


def stage(call: HostCall) -> tuple:
    """``numpy_function`` while JAX traces (``backend="jax"``, the user's ``jax.jit``): the JAX arrays among
    its arguments become the callback's inputs, the other arguments are passed to the function as they are."""
    inputs: list = []
    args = []
    for arg in call.args:
        if isinstance(arg, jax.Array):  # (tracers included)
            args.append(Slot(len(inputs)))
            inputs.append(arg)
        else:
            args.append(arg)
    return _bind(dataclasses.replace(call, args=tuple(args)), inputs, canonical=True)


def host_failure(error: BaseException) -> Optional[BaseException]:
    """The error to raise in place of JAX's ``error`` from a compiled call: the one a host call raised on
    this thread, if JAX's message ends with it (then forgotten); else None."""
    failed = getattr(_FAILED, "error", None)
    _FAILED.error = None
    if failed is None or f"{type(failed).__name__}: {failed}" not in str(error):
        return None
    return failed.with_traceback(None)


def host_failure_location() -> Any:
    """The graph node's location of the host call whose error ``host_failure`` gave last on this thread."""
    return getattr(_FAILED, "location", None)
