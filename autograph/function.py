"""``autograph.function``: trace a Python function into a graph, once per input signature.

    @autograph.function
    def my_relu(x):
        return np.maximum(x, 0)

    my_relu(np.ones(3))          # traces for TensorSpec((3,), float64), then runs the graph
    my_relu(np.ones(3))          # runs the same graph
    my_relu(np.ones((2, 2)))     # a new signature: a second trace

Arrays and tensors are keyed by ``TensorSpec(shape, dtype)``; Python values by value,
so a new Python number means a new trace. Each trace is a ``ConcreteFunction``: the
graph, the signature it was traced for, and the spec of what it returns. The function is
converted with autograph first (unless ``autograph=False``), so ``if`` / ``while`` / ``for``
on tensors become ``cond`` / ``while_loop`` nodes.

Three ways to run it, one tracing API:

    autograph.function(f)                    # our graph, run by the NumPy interpreter
    autograph.function(f, executor="jax")    # our graph, lowered to JAX and jitted (runtime/jax/lowering.py)
    autograph.function(f, backend="jax")     # no graph of ours: the converted f under jax.jit, on
                                             # JAX tracers (lax.cond / while_loop / scan); f uses jnp

Our graph's modes return NumPy arrays; ``executor="jax"`` runs with 64-bit types enabled (JAX's
thread-local ``jax.enable_x64(True)``), so a float64 argument is computed in float64, as its
``TensorSpec`` key says. ``backend="jax"`` is JAX's own world: it returns JAX arrays (on the
inputs' devices, with the shardings ``jax.jit`` gives them) and follows JAX's ``jax_enable_x64``
setting, so a float64 NumPy argument is float32 unless the caller enabled 64 bits.
"""

from __future__ import annotations

import functools
import inspect
import types
from contextvars import ContextVar
from typing import Any, Callable, Optional, Sequence

import numpy as np

from autograph import api
from autograph.concrete_function import (
    ConcreteFunction,
    flatten_arguments,
    is_jax,
    is_tensor_like,
    show,
    show_leaf,
)
from runtime.graph import TensorSpec, TreeDef, Variable, current_builder, interpreter, trace
from runtime.graph.control_flow import flatten, paths
from runtime.staging import hide_library_frames, user_location

__all__ = ["ConcreteFunction", "Function", "function", "functions_run_eagerly", "run_functions_eagerly"]

_run_eagerly = False


def run_functions_eagerly(run_eagerly: bool) -> None:
    """Make every ``Function`` call its Python function instead of a graph (for debugging)."""
    global _run_eagerly
    _run_eagerly = bool(run_eagerly)


def functions_run_eagerly() -> bool:
    return _run_eagerly


# --- Variables may be created on a Function's first trace only ---------------------------------------

_on_variable_created: ContextVar[Optional[Callable[[Variable], None]]] = ContextVar(
    "autograph_on_variable_created", default=None)


def _watch_variable_creation() -> None:
    """Let a trace know when user code creates a Variable (wraps Variable.__init__ once)."""
    original = Variable.__init__
    if getattr(original, "_watched", False):
        return

    @functools.wraps(original)
    def __init__(self: Variable, *args: Any, **kwargs: Any) -> None:
        original(self, *args, **kwargs)
        callback = _on_variable_created.get()
        if callback is not None:
            callback(self)

    __init__._watched = True
    Variable.__init__ = __init__


_watch_variable_creation()


def _leaf_names(names: tuple, tree: TreeDef) -> list[str]:
    """``x``, ``pair[0]``... for every leaf of the arguments."""
    return [name + path for name, child in zip(names, tree.children) for path in paths(child)]


def _key_of(leaf: Any, where: str) -> Any:
    if isinstance(leaf, TensorSpec):
        return leaf
    if is_jax(leaf, "Tracer"):
        raise TypeError(f"{where} is a JAX tracer: a Function with backend='graph' runs our own graphs, which "
                        "cannot be traced by JAX; use autograph.function(..., backend='jax') inside jax.jit")
    if is_jax(leaf, "Array"):
        if getattr(leaf.dtype, "kind", None) not in set("biufc"):  # a typed PRNG key: no NumPy dtype
            raise TypeError(f"{where} is a JAX array of {leaf.dtype}, which a Function cannot key its traces by; "
                            "call jax.jit(autograph.to_graph(f)) instead, or pass jax.random.key_data(key) and "
                            "rebuild the key inside with jax.random.wrap_key_data")
        return TensorSpec(leaf.shape, leaf.dtype)  # no np.asarray: that would copy the array to the host
    if is_tensor_like(leaf):
        return TensorSpec.from_value(leaf)
    try:
        hash(leaf)
    except TypeError:
        raise TypeError(
            f"{where} is an unhashable {type(leaf).__name__}; autograph.function traces once per value of "
            "each Python argument, so Python arguments must be hashable (pass arrays as NumPy arrays, "
            "and containers as tuples, lists or dicts of them)") from None
    return (type(leaf), leaf)


def _check_modes(backend: str, executor: Optional[str], input_signature: Optional[Sequence[Any]]) -> str:
    """The executor to use; a ValueError for a combination that means nothing."""
    if backend not in ("graph", "jax"):
        raise ValueError(f"backend must be 'graph' (trace our IR) or 'jax' (jax.jit on JAX tracers), got {backend!r}")
    if executor not in (None, "numpy", "jax"):
        raise ValueError(f"executor must be 'numpy' (our interpreter) or 'jax' (lowered to JAX), got {executor!r}")
    if backend == "jax":
        if executor is not None:
            raise ValueError(f"executor={executor!r} chooses what runs our graph, but backend='jax' builds no graph "
                             "(jax.jit traces and runs the function); drop executor=, or use backend='graph', "
                             "executor='jax' to lower our graph to JAX")
        specs = flatten(tuple(input_signature or ()))[0]
        if any(None in spec.shape for spec in specs if isinstance(spec, TensorSpec)):
            raise ValueError("backend='jax' compiles for fixed shapes, so its input_signature needs known dims "
                             "(no None); leave input_signature out to trace once per shape")
        return "xla"
    return executor or "numpy"


class Function:
    """A Python function that runs as a graph, traced once per input signature (see the module)."""

    def __init__(self, python_function: Callable, autograph: bool = True,
                 input_signature: Optional[Sequence[Any]] = None, executor: Optional[str] = None,
                 backend: str = "graph") -> None:
        self.python_function = python_function
        self._autograph = autograph
        self.backend = backend
        self.executor = _check_modes(backend, executor, input_signature)  # "numpy", "jax", or "xla" (backend jax)
        self._signature = inspect.signature(python_function)
        self._input_signature = None if input_signature is None else tuple(input_signature)
        self._concrete: dict[Any, ConcreteFunction] = {}
        self._fast_calls: dict[tuple, tuple[ConcreteFunction, list[int]]] = {}
        self.tracing_count = 0
        self.__name__ = getattr(python_function, "__name__", "function")
        functools.update_wrapper(self, python_function)

    @property
    def concrete_functions(self) -> list[ConcreteFunction]:
        return list(self._concrete.values())

    @property
    def input_signature(self) -> Optional[tuple]:
        return self._input_signature

    def __get__(self, instance: Any, owner: Any = None) -> Any:
        return self if instance is None else types.MethodType(self, instance)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        if _run_eagerly:
            return self.python_function(*args, **kwargs)
        # The common call, positional arrays and numbers in a signature seen before, skips binding and
        # flattening the arguments: its key is built straight from them.
        fast_key = None if kwargs else _fast_key(args)
        if fast_key is not None and current_builder() is None:
            known = self._fast_calls.get(fast_key)
            if known is not None:
                concrete, tensor_positions = known
                return concrete._run([args[i] for i in tensor_positions])
        if current_builder() is not None or (self.backend == "jax" and _has_tracer(args, kwargs)):
            return self._traceable()(*args, **kwargs)  # called while tracing another function: inline
        try:
            concrete, leaves = self._concrete_for(args, kwargs)
        except Exception as error:  # a staging error, or the user's own while tracing: show the user's frames
            hide_library_frames(error)
            raise
        tensors = [i for i, spec in enumerate(concrete._leaves) if isinstance(spec, TensorSpec)]
        if fast_key is not None and self._input_signature is None and len(leaves) == len(args):
            self._fast_calls[fast_key] = (concrete, tensors)
        return concrete._run([leaves[i] for i in tensors])

    def get_concrete_function(self, *args: Any, **kwargs: Any) -> ConcreteFunction:
        """The trace for these arguments (values or ``TensorSpec``s), traced now if it is new; not run."""
        if self._input_signature is not None and not args and not kwargs:
            args = self._input_signature
        try:
            return self._concrete_for(args, kwargs)[0]
        except Exception as error:
            hide_library_frames(error)
            raise

    def pretty_printed_concrete_signatures(self) -> str:
        """One block per concrete function: its arguments' specs and its output spec."""
        return "\n\n".join(c.pretty_printed_signature() for c in self._concrete.values())

    def _traceable(self) -> Callable:
        return api.convert(self.python_function) if self._autograph else self.python_function

    def _concrete_for(self, args: tuple, kwargs: dict) -> tuple[ConcreteFunction, list]:
        names, tree, leaves = flatten_arguments(self._signature, args, kwargs)
        if self._input_signature is not None:
            leaves, specs = self._check_signature(names, tree, leaves)
        else:
            specs = [_key_of(leaf, f"an argument of {self.__name__} ({_leaf_names(names, tree)[i]})")
                     for i, leaf in enumerate(leaves)]
        key = (tree, tuple(specs))
        concrete = self._concrete.get(key)
        if concrete is None:
            traced_leaves = [s if isinstance(s, TensorSpec) else leaf for s, leaf in zip(specs, leaves)]
            trace = self._trace_jax if self.backend == "jax" else self._trace
            concrete = self._concrete[key] = trace(names, tree, traced_leaves)
        return concrete, leaves

    def _check_signature(self, names: tuple, tree: TreeDef, leaves: list) -> tuple[list, list]:
        sig_leaves, sig_tree = flatten(self._input_signature)
        if sig_tree.children != tree.children:
            raise TypeError(f"{self.__name__} was given arguments {show(tree, leaves)}, which do not match its "
                            f"input_signature {show(sig_tree, sig_leaves)}")
        for name, leaf, spec in zip(_leaf_names(names, tree), leaves, sig_leaves):
            if not is_tensor_like(leaf) or not spec.is_compatible_with(leaf):
                got = show_leaf(TensorSpec.from_value(leaf) if is_tensor_like(leaf) else leaf)
                raise TypeError(f"{self.__name__}: {name} must fit the input_signature's {spec}, got {got}")
        return leaves, list(sig_leaves)

    def _bound_function(self, names: tuple, tree: TreeDef, leaves: list) -> Callable:
        """``fn(*tensor_arguments)``: the (converted) function with this trace's Python arguments filled in."""
        fn = self._traceable()

        def body(*placeholders: Any) -> Any:
            it = iter(placeholders)
            values = tree.unflatten([next(it) if isinstance(x, TensorSpec) else x for x in leaves])
            bound = inspect.BoundArguments(self._signature, dict(zip(names, values)))
            return fn(*bound.args, **bound.kwargs)
        return body

    def _trace(self, names: tuple, tree: TreeDef, leaves: list) -> ConcreteFunction:
        body = self._bound_function(names, tree, leaves)
        first = self.tracing_count == 0

        def on_variable(variable: Variable) -> None:
            if not first:
                raise ValueError(
                    f"{user_location()}: {self.__name__} created a Variable while it was traced again (trace "
                    f"{self.tracing_count + 1}, for a new input signature); a Function may create Variables only "
                    "on its first trace. Create the Variable outside the function and use it inside.")

        written: list = []

        def body_and_writes(*placeholders: Any) -> Any:
            # An argument the function writes into in place (x[i] = v) is written back after each run, as
            # NumPy would have changed the caller's array: its final value is an extra output.
            originals = [p.ref()[0] for p in placeholders]
            result = body(*placeholders)
            written[:] = [k for k, (p, v) in enumerate(zip(placeholders, originals)) if p.ref()[0] is not v]
            return result, [placeholders[k] for k in written]

        token = _on_variable_created.set(on_variable)
        try:
            traced = trace(body_and_writes, [x for x in leaves if isinstance(x, TensorSpec)])
        except TypeError as error:
            if self._autograph or "needs the value of a graph tensor" not in str(error):
                raise
            raise TypeError(f"{error}\n{self.__name__} was made with autograph=False, so its Python control flow "
                            "is not converted: use autograph.function(..., autograph=True) (the default).") from None
        finally:
            _on_variable_created.reset(token)
        self.tracing_count += 1
        graph, out_tree = traced
        execute = _jax_run() if self.executor == "jax" else interpreter.run

        def run(inputs: list) -> Any:
            result, new_values = out_tree.unflatten([np.asarray(x) for x in execute(graph, inputs)])
            for k, value in zip(written, new_values):
                write_back(self.__name__, inputs[k], value)
            return result

        output_spec = out_tree.unflatten([TensorSpec(v.shape, v.dtype) for v in graph.outputs])[0]
        return ConcreteFunction(self.__name__, self._signature, names, tree, leaves, output_spec, run, graph=graph)

    def _trace_jax(self, names: tuple, tree: TreeDef, leaves: list) -> ConcreteFunction:
        """backend="jax": trace the converted function with ``jax.jit`` (now, to know its output), run it jitted."""
        from runtime import jax as jax_runtime

        jax_runtime.require()  # only this backend needs JAX
        import jax

        jitted = jax.jit(self._bound_function(names, tree, leaves))
        # JAX's own x64 setting decides (a float64 spec is float32 unless the caller enabled x64).
        specs = [jax.ShapeDtypeStruct(x.shape, jax.dtypes.canonicalize_dtype(x.dtype))
                 for x in leaves if isinstance(x, TensorSpec)]
        traced = jitted.trace(*specs)
        self.tracing_count += 1
        output_spec = jax.tree.map(lambda out: TensorSpec(out.shape, out.dtype), traced.out_info)

        def run(inputs: list) -> Any:
            return jitted(*inputs)  # JAX arrays, where jax.jit puts them (the inputs' devices and shardings)

        return ConcreteFunction(self.__name__, self._signature, names, tree, leaves, output_spec, run,
                                jaxpr=traced.jaxpr)

    def __repr__(self) -> str:
        return f"<autograph.Function {self.__name__}>"

    def _repr_html_(self) -> str:
        """Notebooks show each trace's signature and graph (autograph/concrete_function.py)."""
        from autograph.concrete_function import function_html
        return function_html(self)


def write_back(name: str, argument: Any, value: np.ndarray) -> None:
    """Put what the graph computed for an argument it writes into back into the caller's array."""
    if not isinstance(argument, np.ndarray):
        raise TypeError(f"{name} writes into one of its arguments in place (x[...] = v), but the caller passed "
                        f"a {type(argument).__name__}, not a NumPy array, so there is nothing to write into; "
                        "pass an array, or copy the argument inside the function before writing")
    if not argument.flags.writeable:
        raise ValueError(f"{name} writes into one of its arguments in place, but the array passed is read-only "
                         "(assignment destination is read-only)")
    np.copyto(argument, value, casting="unsafe")


def _jax_run() -> Callable:
    from runtime import jax as jax_runtime

    jax_runtime.require()
    from runtime.jax import lowering as jax_lowering  # imports JAX, so only when asked for
    return jax_lowering.run


_NUMBERS = (bool, int, float, complex)


def _fast_key(args: tuple) -> Optional[tuple]:
    """A call's cache key when every argument is a NumPy array or scalar or a Python number
    (else None): the same values key the same trace as the general path's TensorSpecs do."""
    key = []
    for arg in args:
        cls = arg.__class__
        if cls is np.ndarray or isinstance(arg, np.generic):
            key.append((arg.shape, arg.dtype))
        elif cls in _NUMBERS:
            key.append((cls, arg))
        else:
            return None
    return tuple(key)


def _has_tracer(args: tuple, kwargs: dict) -> bool:
    return any(is_jax(leaf, "Tracer") for leaf in flatten((args, kwargs))[0])


def function(fn: Optional[Callable] = None, *, autograph: bool = True,
             input_signature: Optional[Sequence[Any]] = None, executor: Optional[str] = None,
             backend: str = "graph") -> Any:
    """Make ``fn`` a ``Function`` (as a decorator, with or without arguments, or a call).

    ``backend="graph"`` (the default) traces our IR, run by ``executor="numpy"`` (the default) or
    ``executor="jax"`` (lowered to JAX, jitted); ``backend="jax"`` runs the converted function
    under ``jax.jit`` instead, building no graph of ours.
    """
    def make(f: Callable) -> Function:
        return Function(f, autograph=autograph, input_signature=input_signature, executor=executor, backend=backend)
    if fn is None:
        _check_modes(backend, executor, input_signature)  # fail at the decorator, not at the first call
        return make
    return make(fn)
