"""``numpy_function(fn, *args, output_spec=...)``: arbitrary NumPy or Python code as one staged op.

Before (the user's code, inside a function traced by ``autograph.function``)::

    counts = autograph.numpy_function(np.unique, x, output_spec=TensorSpec([None], np.int64))

After (our graph: the op calls ``np.unique`` on the concrete array each time the graph runs)::

    b:i64[?] = numpy_function[call=unique($0) -> i64[?]] a

A graph cannot hold every NumPy function (docs/graph_numpy_functions.md); this is the escape hatch,
like TensorFlow's ``tf.numpy_function`` and JAX's callbacks. Which backend is tracing on the calling
thread decides what a call does (``Backend.numpy_function``): our graph stages a ``numpy_function``
op (runtime/graph/ops_callback.py), JAX (``backend="jax"``, ``jax.jit``) an ordered
``io_callback`` (runtime/jax/callback.py); with none tracing, ``fn`` runs now. In every case the
outputs are checked against ``output_spec`` (``HostCall.outputs``), so eager code and graphs agree:

* ``fn`` receives its array arguments read-only (a write into one would reach a graph's own values,
  or, eagerly, the caller's array, which a graph never passes), and NumPy scalars for 0-d arrays;
* each output must have the declared dtype (exactly) and shape (a ``None`` dim: any size), else
  ``OutputSpecError`` at the ``numpy_function`` call's file:line;
* each output is a fresh array (a copy of what ``fn`` returned), a NumPy scalar when 0-d.

It is stateful (as TensorFlow's is by default): no optimization folds, merges, hoists or drops it,
and it runs in traced order, once per run of the branch or iteration that holds it.
"""

from __future__ import annotations

from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any, Callable, NamedTuple, Optional, Sequence

import numpy as np

from runtime import choice
from runtime.backend import backend_of_any, staging_backends
from runtime.limits import Limitation
from runtime.staging import format_site, user_site

Site = Optional[tuple[str, int]]


class OutputSpecError(ValueError, Limitation):
    """What a ``numpy_function``'s ``fn`` returned does not fit its ``output_spec`` (number, dtype or shape)."""

    # Its message starts with the call's file:line already: a graph's run adds no note naming it again
    # (runtime/graph/kernels.py, ``LOCATED``).
    _autograph_located = True


class Spec(NamedTuple):
    """One declared output: its shape (an int per dim, None for one of any size) and its NumPy dtype."""

    shape: tuple
    dtype: np.dtype


class Slot:
    """The ``k``-th staged input, standing in a ``HostCall``'s arguments (as ``$k``)."""

    __slots__ = ("k",)

    def __init__(self, k: int) -> None:
        self.k = k

    def __repr__(self) -> str:
        return f"${self.k}"


def _spec_text(spec: Any) -> str:
    dims = ",".join("?" if d is None else str(d) for d in spec.shape)
    return f"{_short_dtype(spec.dtype)}[{dims}]"


def _short_dtype(dtype: np.dtype) -> str:
    kind = {"f": "f", "i": "i", "u": "u", "b": "bool", "c": "c"}.get(dtype.kind)
    if kind is None:
        return dtype.name
    return "bool" if kind == "bool" else f"{kind}{dtype.itemsize * 8}"


@dataclass(frozen=True, eq=False)
class HostCall:
    """``fn(*args)`` at run time: ``args`` as the user passed them, with a ``Slot(k)`` for each staged input;
    ``specs`` the declared outputs, ``Spec``s (``single``: ``output_spec`` was one spec, not a tuple or list of them);
    ``site`` the ``numpy_function`` call's (file, line). Compared by identity: no two calls are the same call."""

    fn: Callable
    args: tuple
    specs: tuple
    single: bool
    site: Site

    @property
    def name(self) -> str:
        return getattr(self.fn, "__name__", None) or repr(self.fn)

    def where(self) -> str:
        return "<unknown>" if self.site is None else format_site(*self.site)

    def run(self, inputs: Sequence[Any]) -> tuple:
        """Call ``fn`` on ``inputs`` (the staged inputs' concrete values) and check what it returns: the
        outputs, one per spec, fresh arrays of the declared types (NumPy scalars when 0-d)."""
        args = [_argument(inputs[a.k]) if type(a) is Slot else _argument(a) for a in self.args]
        return self.outputs(self.fn(*args))

    def outputs(self, result: Any) -> tuple:
        """``result`` (what ``fn`` returned) checked against the specs, as a tuple of fresh NumPy values."""
        if self.single:
            results: Sequence[Any] = (result,)
        elif not isinstance(result, (tuple, list)) or len(result) != len(self.specs):
            got = f"a {type(result).__name__} of {len(result)}" if isinstance(result, (tuple, list)) \
                else f"a {type(result).__name__}, not a tuple or list"
            raise OutputSpecError(
                f"{self.where()}: numpy_function({self.name}, ...) returned {got}, where its output_spec declares "
                f"{len(self.specs)} outputs ({', '.join(_spec_text(s) for s in self.specs)}): return a tuple of "
                f"{len(self.specs)} arrays, or change output_spec")
        else:
            results = result
        return tuple(self._check(i, r, spec) for i, (r, spec) in enumerate(zip(results, self.specs)))

    def _check(self, i: int, value: Any, spec: Any) -> Any:
        array = np.array(value)  # (a copy: the graph's value must not change when fn's own array does)
        which = "" if self.single else f" output {i}"
        if array.dtype != spec.dtype:
            raise OutputSpecError(
                f"{self.where()}: numpy_function({self.name}, ...){which} is {_describe(value, array)}, where its "
                f"output_spec declares {_spec_text(spec)}: the dtypes must be equal (a graph's types are fixed "
                f"while tracing). Return {_cast_hint(spec.dtype)} from {self.name}, or declare dtype "
                f"{array.dtype.name} in output_spec")
        shape = tuple(spec.shape)
        if len(array.shape) != len(shape) or any(d is not None and d != a for d, a in zip(shape, array.shape)):
            raise OutputSpecError(
                f"{self.where()}: numpy_function({self.name}, ...){which} has shape {array.shape}, where its "
                f"output_spec declares {_spec_text(spec)} (shape {tuple(spec.shape)}; None for a dim of any "
                f"size): return that shape from {self.name}, or change output_spec")
        return array[()] if array.ndim == 0 else array

    def __repr__(self) -> str:
        arguments = ", ".join(repr(a) if type(a) is Slot else _short(a) for a in self.args)
        outputs = ", ".join(_spec_text(s) for s in self.specs)
        return f"{self.name}({arguments}) -> {outputs if self.single else '(' + outputs + ')'}"


def _argument(value: Any) -> Any:
    """What ``fn`` receives for ``value``: NumPy arrays read-only (a view), 0-d ones as NumPy scalars."""
    if isinstance(value, np.ndarray):
        if value.ndim == 0 and type(value) is np.ndarray:
            return value[()]
        if value.flags.writeable:
            value = value.view()
            value.flags.writeable = False
    return value


def _describe(value: Any, array: np.ndarray) -> str:
    if isinstance(value, (np.ndarray, np.generic)):
        return f"{array.dtype.name}{list(array.shape)}"
    return f"a Python {type(value).__name__} ({array.dtype.name} as an array)"


def _cast_hint(dtype: np.dtype) -> str:
    return f"result.astype(np.{dtype.name})" if dtype.kind in "biufc" else f"an array of dtype {dtype}"


def _short(value: Any) -> str:
    if isinstance(value, np.ndarray) and value.size > 6:
        return f"array<{value.dtype.name}{list(value.shape)}>"
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


# --- the public function ----------------------------------------------------------------------------

def specs_of(output_spec: Any, site: Site) -> tuple[tuple, bool]:
    """``(specs, single)``: ``output_spec`` as a tuple of specs, and whether it was one spec. A spec is a
    ``TensorSpec`` (anything with a ``shape`` of ints or None and a NumPy ``dtype``, as ``jax.ShapeDtypeStruct``)."""
    single = not isinstance(output_spec, (tuple, list))
    checked = []
    for spec in (output_spec,) if single else output_spec:
        shape, dtype = getattr(spec, "shape", None), getattr(spec, "dtype", None)
        ok = isinstance(shape, (tuple, list)) and all(d is None or isinstance(d, (int, np.integer)) for d in shape)
        if not ok or dtype is None or isinstance(spec, (np.ndarray, np.generic)):
            where = "<unknown>" if site is None else format_site(*site)
            raise TypeError(
                f"{where}: numpy_function's output_spec is {_short(output_spec)}: it takes a TensorSpec(shape, "
                "dtype) (autograph.TensorSpec; None for a dim of any size), or a tuple or list of them for several "
                "outputs, e.g. output_spec=autograph.TensorSpec(x.shape, np.float64)")
        try:
            dtype = np.dtype(dtype)
        except TypeError:
            raise TypeError(f"{'<unknown>' if site is None else format_site(*site)}: numpy_function's output_spec "
                            f"has dtype {dtype!r}, which is not a NumPy dtype") from None
        checked.append(Spec(tuple(None if d is None else int(d) for d in shape), dtype))
    return tuple(checked), single


# The functions the trace under way staged to call when its graph runs, where the tracer asked for them (a list;
# None otherwise): autograph's trace guards leave out what those functions read, which they read when they run.
staged_host_functions: ContextVar[Optional[list]] = ContextVar("staged_host_functions", default=None)


def numpy_function(fn: Callable[..., Any], *args: Any, output_spec: Any) -> Any:
    """Call ``fn(*args)``, plain NumPy or Python code, each time the traced program runs.

    Inside a function traced by ``autograph.function`` (or converted and traced by ``to_graph``), the call
    stages one op that calls ``fn`` on the arguments' concrete values whenever the graph runs: on the NumPy
    executor directly, under ``executor="jax"`` and ``backend="jax"`` (``jax.jit``) through an ordered
    ``jax.experimental.io_callback``. Outside any trace it calls ``fn(*args)`` now. Either way the outputs
    are checked against ``output_spec``: one ``TensorSpec(shape, dtype)`` (``None`` for a dim of any size),
    or a tuple or list of them for several outputs (the result is then a tuple or list of as many).

    ``fn`` receives array arguments read-only (0-d ones as NumPy scalars); it returns arrays (or numbers)
    of exactly the declared dtypes and shapes, else ``OutputSpecError`` at this call's line. The result
    is new arrays (NumPy scalars when 0-d), in every mode. The op is stateful: it is never folded,
    merged, hoisted out of a loop or dropped when its outputs are unused, and runs once each time the
    branch or iteration holding it runs. It has no gradient (under ``jax.grad`` it is refused), and a
    graph holding it cannot be saved (``autograph.save``). See docs/numpy_function.md."""
    site = user_site()
    specs, single = specs_of(output_spec, site)
    call = HostCall(fn, args, specs, single, site)
    if choice.tracing():
        backend_of_any(args)  # (a value of a lazily registered backend registers it)
        for backend in staging_backends():
            staged = backend.numpy_function(call)
            if staged is not NotImplemented:
                recorded = staged_host_functions.get()
                if recorded is not None:
                    recorded.append(fn)
                return _structure(staged, single, output_spec)
    return _structure(call.outputs(fn(*[_argument(a) for a in args])), single, output_spec)


def _structure(outputs: Sequence[Any], single: bool, output_spec: Any) -> Any:
    """The outputs as ``output_spec`` is laid out: one value, a list, or a tuple."""
    if single:
        return outputs[0]
    return list(outputs) if isinstance(output_spec, list) else tuple(outputs)
