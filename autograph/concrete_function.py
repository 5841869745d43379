"""One trace of an ``autograph.function``: ``ConcreteFunction``, and how signatures are shown.

    concrete = my_relu.get_concrete_function(autograph.TensorSpec((3,), np.float64))
    concrete.graph                       # the traced graph (None under backend="jax": see .jaxpr)
    concrete.structured_input_signature  # ((TensorSpec(shape=(3,), dtype=float64),), {})
    print(concrete.pretty_printed_signature())
"""

from __future__ import annotations

import html
import inspect
import sys
from typing import Any, Callable, Sequence

import numpy as np

from autograph.call_boundary import refuse_array_class, same_python_value
from autograph.trace_guards import OWN_WRITE_REMEDY, OwnWrite
from runtime.graph import Tensor, TensorSpec, TreeDef, printing, python_kinds
from runtime.graph import flatten as flatten_outputs
from runtime.graph.control_flow import flatten, paths
from runtime.limits import AutographError
from runtime.staging import user_location

# --- signatures ------------------------------------------------------------------------------------

def is_jax(x: Any, kind: str) -> bool:
    """Whether ``x`` is a ``jax.Array`` (kind "Array") or a JAX tracer ("Tracer"), without importing JAX."""
    jax = sys.modules.get("jax")
    if jax is None or getattr(getattr(jax, "__spec__", None), "_initializing", False):
        # Not imported, or still being imported (by another thread, whose import has not reached ``jax.core``
        # yet: reading it would raise "partially initialized module"): no JAX value exists yet.
        return False
    return isinstance(x, jax.core.Tracer if kind == "Tracer" else jax.Array)


def is_tensor_like(x: Any) -> bool:
    return isinstance(x, (np.ndarray, np.generic, Tensor, TensorSpec)) or is_jax(x, "Array")


def show_leaf(x: Any) -> str:
    if isinstance(x, TensorSpec) and x.python:  # (a Python number the graph computes: float(np.sum(x)))
        return f"Python {python_kinds.PYTHON_TYPES[x.dtype.kind].__name__}"
    return f"{x.dtype.name} Tensor, shape={x.shape}" if isinstance(x, TensorSpec) else repr(x)


def show(tree: TreeDef, leaves: Sequence[Any]) -> str:
    if tree.kind == "leaf":
        return show_leaf(leaves[0])
    shown = tree.unflatten([_Shown(show_leaf(x)) for x in leaves])
    return repr(shown)


class _Shown(str):
    __repr__ = str.__str__


class StaleTraceError(TypeError, AutographError):
    """A concrete function called after something its trace read besides its arguments changed (a global, a
    closure variable, an attribute, an array's contents: autograph/trace_guards.py). Its graph holds the old
    value; the ``Function`` itself traces again instead."""


class ConcreteFunction:
    """One trace of a ``Function``: what it was traced for, what it returns, and how it runs.

    ``graph``: the ``runtime.graph.ir.Graph`` (its inputs are the tensor arguments, flattened), or None
    under ``backend="jax"``, whose trace is ``jaxpr`` (what ``jax.make_jaxpr`` returns, a
    ``jax.extend.core.ClosedJaxpr``) instead.
    ``structured_input_signature``: ``(args, kwargs)`` as the trace saw them, with a
    ``TensorSpec`` for every array and the Python value for everything else.
    ``output_spec``: what a call returns, with a ``TensorSpec`` for every array.
    Calling it runs the graph (interpreted or lowered to JAX) or the jitted JAX function.
    """

    def __init__(self, name: str, signature: inspect.Signature, arg_names: tuple, tree: TreeDef,
                 leaves: list, output_spec: Any, run: Callable[[list], Any], graph: Any = None,
                 jaxpr: Any = None, executor: Any = "numpy") -> None:
        self.name = name
        self.graph, self.jaxpr, self.output_spec = graph, jaxpr, output_spec
        self._signature, self._arg_names, self._tree, self._leaves = signature, arg_names, tree, leaves
        self._tensor_positions = [i for i, spec in enumerate(leaves) if isinstance(spec, TensorSpec)]
        # "numpy", "jax", "xla" (backend="jax"), or an executor object: AutoExecutor, NumbaExecutor (its ``choice``)
        self._executor = executor
        self._run = run  # tensor inputs, flattened -> the structured NumPy result
        self._jax_single: Any = None  # executor="jax": what its Function's dispatcher runs (autograph/dispatch.py)
        # What the trace read besides its arguments (autograph/trace_guards.py), set by the Function that traced it.
        self._guard: Any = None
        bound = inspect.BoundArguments(signature, dict(zip(arg_names, tree.unflatten(leaves))))
        self.structured_input_signature = (bound.args, bound.kwargs)

    @property
    def executor(self) -> str:
        """What runs this trace: "numpy", "jax", "xla" (backend="jax"); under executor="numba", "numba", or "numpy"
        where the graph did not compile with numba (``_executor.fallback`` says why); under executor="auto" its
        choice, or "auto" while it is still timing them (autograph/executors.py)."""
        if isinstance(self._executor, str):
            return self._executor
        return self._executor.choice or "auto"

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        tree, leaves = flatten_arguments(self._signature, args, kwargs)[1:]
        if tree != self._tree:
            raise TypeError(f"{user_location()}: this concrete function of {self.name} takes {self._show_args()}, "
                            "got arguments of another structure; call the Function itself to trace for them")
        inputs = []
        names = [name + path for name, child in zip(self._arg_names, tree.children) for path in paths(child)]
        for name, leaf, expected in zip(names, leaves, self._leaves):
            if isinstance(expected, TensorSpec):
                if not is_tensor_like(leaf) or not expected.is_compatible_with(leaf):
                    got = show_leaf(TensorSpec.from_value(leaf) if is_tensor_like(leaf) else leaf)
                    raise TypeError(f"{user_location()}: argument '{name}' of this concrete function of {self.name} "
                                    f"must fit {expected}, got {got}; call the Function itself to trace for "
                                    "other arguments")
                # (a masked array, a np.matrix...: what the Function's call refuses, this call refuses)
                refuse_array_class(leaf, f"argument '{name}' of {self.name}", at_caller=True)
                inputs.append(leaf)
            elif not same_python_value(leaf, expected):  # (-0.0 is not the 0.0 it was traced for; nan is nan)
                raise TypeError(f"{user_location()}: this concrete function of {self.name} was traced for "
                                f"{name}={expected!r}, got {leaf!r}; call the Function itself to trace for other "
                                "Python values")
        changed = None if self._guard is None else self._guard.changed()
        if isinstance(changed, OwnWrite):  # its trace wrote Python state, which its graph cannot write again
            raise StaleTraceError(
                f"{user_location()}: this concrete function of {self.name} changed {changed} when it was traced, "
                f"and its graph cannot make that write again: call the Function itself, which traces again; "
                f"{OWN_WRITE_REMEDY}")
        if changed is not None:  # its graph holds the old value: eager code would read the new one
            raise StaleTraceError(
                f"{user_location()}: {changed} changed since this concrete function of {self.name} was traced, and "
                "its graph holds what the trace read; call the Function itself, which traces again, or pass what "
                "changes as an argument")
        return self._run(inputs)

    def _show_args(self) -> str:
        args, kwargs = self.structured_input_signature
        return f"({', '.join([*(repr(a) for a in args), *(f'{k}={v!r}' for k, v in kwargs.items())])})"

    def pretty_printed_signature(self) -> str:
        """``name(x)`` with each argument's spec and the output spec, one per line."""
        lines = [f"{self.name}({', '.join(self._arg_names)})", "  Args:"]
        bound = dict(zip(self._arg_names, self._tree.children))
        it = iter(self._leaves)
        for arg, child in bound.items():
            leaves = [next(it) for _ in range(child.num_leaves)]
            lines.append(f"    {arg}: {show(child, leaves)}")
        out_leaves, out_tree = flatten_outputs(self.output_spec)
        lines += ["  Returns:", f"    {show(out_tree, out_leaves) if out_tree.kind != 'none' else 'None'}"]
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"<ConcreteFunction {self.name}{self._show_args()}>"

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        """IPython's text view: the signature, then the graph (or the jaxpr) as text."""
        printer.text(f"{self.pretty_printed_signature()}\n{self.graph if self.graph is not None else self.jaxpr}")

    def _repr_html_(self) -> str:
        """A notebook shows the signature and the graph's picture (its text without Graphviz)."""
        if self.graph is not None:
            picture = printing.to_html(self.graph)
        else:
            picture = f"<pre>{html.escape(str(self.jaxpr))}</pre>"
        return f"<pre>{html.escape(self.pretty_printed_signature())}</pre>{picture}"


def function_html(function: Any) -> str:
    """What a notebook shows for a ``Function``: each trace's signature and graph, or that there is none yet."""
    head = f"<p><b>autograph.Function</b> <code>{html.escape(function.__name__)}</code>"
    traces = function.concrete_functions
    if not traces:
        return f"{head}: not traced yet (call it, or <code>get_concrete_function(...)</code>)</p>"
    count = f"{len(traces)} trace{'s' if len(traces) > 1 else ''}"
    return f"{head}, {count}:</p>" + "<hr>".join(c._repr_html_() for c in traces)


def flatten_arguments(signature: inspect.Signature, args: tuple, kwargs: dict) -> tuple[tuple, TreeDef, list]:
    """(parameter names, the structure of the arguments, their leaves) in parameter order."""
    bound = signature.bind(*args, **kwargs)
    bound.apply_defaults()
    names = tuple(bound.arguments)
    leaves, tree = flatten(tuple(bound.arguments.values()))
    return names, tree, leaves
