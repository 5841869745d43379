"""A function loaded from a saved file: ``LoadedFunction``, callable like the ``autograph.Function`` it was.

    loaded = LoadedFunction(serialization.load("relu.agz"))   # autograph.load does this
    loaded(np.ones(3))               # picks the saved signature the arguments fit, runs its graph
    loaded.concrete_functions[0]     # one per saved trace: .graph, str(), a picture in notebooks
    loaded.variables                 # the Variables, holding their saved values

It needs only ``runtime`` and NumPy (no converter, no source file): each call binds the arguments
with the saved parameters, finds the first saved signature they fit (tensor arguments by shape and
dtype, Python arguments by value) and runs that graph on the NumPy interpreter. Arguments that fit
none raise a ``TypeError`` naming the parameter and listing the saved signatures. Assignments the
graphs make to Variables change the loaded Variables (in memory, for later calls), not the file.
"""

from __future__ import annotations

import html
import inspect
from typing import Any, Optional, Sequence

import numpy as np

from runtime.exact_values import refuse_array_class, returned_views, same_python_value
from runtime.graph import interpreter, printing
from runtime.graph.control_flow import flatten, paths
from runtime.graph.serialization import ConcreteRecord, FunctionRecord
from runtime.graph.tracing import TensorSpec, TreeDef


def _structure(tree: TreeDef) -> tuple:
    """What must match between a call's structure and a saved one (a namedtuple by its fields, since a
    loaded namedtuple class may be a stand-in for the saved one)."""
    fields = getattr(tree.cls, "_fields", None)
    return (tree.kind, tree.keys, fields, tuple(_structure(c) for c in tree.children))


def _describe(x: Any) -> str:
    if _is_array(x):
        return f"{np.dtype(x.dtype).name} Tensor, shape={tuple(x.shape)}"
    return f"{type(x).__name__} {x!r}"


def _is_array(x: Any) -> bool:
    return isinstance(x, (np.ndarray, np.generic)) or (
        hasattr(x, "__array__") and hasattr(x, "shape") and hasattr(x, "dtype"))


def _fits(spec: TensorSpec, x: Any) -> bool:
    return (np.dtype(x.dtype) == spec.dtype and len(x.shape) == len(spec.shape)
            and all(d is None or d == s for d, s in zip(spec.shape, x.shape)))




class LoadedConcreteFunction:
    """One saved trace: ``graph`` (an ``ir.Graph``, printed and drawn like the original's),
    ``structured_input_signature`` and ``output_spec`` as the original had them."""

    def __init__(self, name: str, signature: inspect.Signature, record: ConcreteRecord) -> None:
        self.name = name
        self.graph = record.graph
        self._signature = signature
        self._record = record
        self._names = tuple(signature.parameters)
        self._leaf_names = [name + path for name, child in zip(self._names, record.arg_tree.children)
                            for path in paths(child)]
        self._structure = _structure(record.arg_tree)
        self._tensor_positions = [i for i, x in enumerate(record.arg_leaves) if isinstance(x, TensorSpec)]
        args = record.arg_tree.unflatten(list(record.arg_leaves))
        bound = inspect.BoundArguments(signature, dict(zip(self._names, args)))
        self.structured_input_signature = (bound.args, bound.kwargs)
        self.output_spec = record.out_tree.unflatten(list(record.out_leaves))
        # Outputs the interpreter may return as an argument or a view of it: copied, since the file does not say
        # which were the argument or a view eagerly and which new arrays (np.copy(x)): a loaded result never
        # shares memory with an argument (docs/saving.md).
        self._aliases = returned_views(record.graph)
        # Outputs that stand for NumPy scalars (np.sum(x)) are returned as NumPy scalars, as by the traced Function.
        specs = [x for x in record.out_leaves if isinstance(x, TensorSpec)]
        self._scalars = [i for i, x in enumerate(specs) if x.scalar]
        # Outputs that stand for Python numbers (float(np.sum(x))) are returned as Python numbers, as by the Function.
        self._numbers = [i for i, x in enumerate(specs) if x.python]
        # Outputs whose Python type depends on the path a run takes: the kind their tag (a later output) names.
        self._typed = [(i, x.path_kinds, x.tag) for i, x in enumerate(specs) if x.path_kinds]
        self._single_output = (record.out_tree.kind == "leaf" and isinstance(record.out_leaves[0], TensorSpec)
                               and not self._aliases and not self._scalars and not self._numbers and not self._typed)

    def mismatch(self, tree: TreeDef, leaves: Sequence[Any]) -> Optional[str]:
        """Why these bound arguments do not fit this signature, or None when they do."""
        if _structure(tree) != self._structure:
            for name, got, saved in zip(self._names, tree.children, self._record.arg_tree.children):
                if _structure(got) != _structure(saved):
                    return (f"argument '{name}' has the structure {got!r} (* a leaf), but it was saved for "
                            f"{saved!r}")
            return "the arguments have another structure (nesting of tuples, lists and dicts)"
        for name, leaf, expected in zip(self._leaf_names, leaves, self._record.arg_leaves):
            if isinstance(expected, TensorSpec):
                # (a masked array, a np.matrix...: refused as a traced Function refuses it)
                refuse_array_class(leaf, f"argument '{name}' of {self.name}", as_written=False, at_caller=True)
                if not _is_array(leaf) or not _fits(expected, leaf):
                    return f"argument '{name}' must fit {expected}, got {_describe(leaf)}"
            elif not same_python_value(leaf, expected):  # (a float by its bits: -0.0 is not 0.0, nan is nan)
                return f"argument '{name}' was saved for the value {expected!r}, got {_describe(leaf)}"
        return None

    def run_leaves(self, leaves: Sequence[Any]) -> Any:
        """Run the graph on the tensor leaves of matching arguments; the result in its saved structure."""
        if self._single_output:  # the common case, one array out: no structure to rebuild
            out = interpreter.run(self.graph, [leaves[i] for i in self._tensor_positions])[0]
            return out if out.__class__ is np.ndarray else np.asarray(out)
        inputs = [leaves[i] for i in self._tensor_positions]
        computed = [np.asarray(out) for out in interpreter.run(self.graph, inputs)]
        for i, k in self._aliases.items():
            if computed[i] is inputs[k] or np.may_share_memory(computed[i], inputs[k]):
                computed[i] = computed[i].copy()
        for i in self._scalars:
            computed[i] = computed[i][()]
        for i in self._numbers:
            computed[i] = computed[i].item()
        for i, kinds, tag in self._typed:
            computed[i] = kinds[int(computed[tag])].convert(computed[i])
        outputs = iter(computed)
        result = [next(outputs) if isinstance(x, TensorSpec) else x for x in self._record.out_leaves]
        return self._record.out_tree.unflatten(result)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        tree, leaves = _bind(self._signature, self.name, args, kwargs, [self])
        problem = self.mismatch(tree, leaves)
        if problem is not None:
            raise TypeError(f"this saved concrete function of {self.name} takes {self._show_args()}: {problem}")
        return self.run_leaves(leaves)

    def _show_args(self) -> str:
        args, kwargs = self.structured_input_signature
        return f"({', '.join([*(repr(a) for a in args), *(f'{k}={v!r}' for k, v in kwargs.items())])})"

    def pretty_printed_signature(self) -> str:
        """The signature as the original ``ConcreteFunction`` printed it."""
        return self._record.signature_text

    def __repr__(self) -> str:
        return f"<LoadedConcreteFunction {self.name}{self._show_args()}>"

    def __str__(self) -> str:
        return f"{self.pretty_printed_signature()}\n{self.graph}"

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(str(self))

    def _repr_html_(self) -> str:
        return f"<pre>{html.escape(self.pretty_printed_signature())}</pre>{printing.to_html(self.graph)}"


def _bind(signature: inspect.Signature, name: str, args: tuple, kwargs: dict,
          concretes: Sequence[LoadedConcreteFunction]) -> tuple[TreeDef, list]:
    try:
        bound = signature.bind(*args, **kwargs)
    except TypeError as error:
        raise TypeError(f"saved function {name}{signature}: {error}; {_signatures(concretes)}") from None
    bound.apply_defaults()
    leaves, tree = flatten(tuple(bound.arguments.values()))
    return tree, leaves


def _signatures(concretes: Sequence[LoadedConcreteFunction]) -> str:
    listed = "\n".join(f"  {c.name}{c._show_args()}" for c in concretes)
    return f"the saved signatures are:\n{listed}"


_MAX_FAST_CALLS = 4096  # as autograph.call_keys.MAX_FAST_CALLS (this module imports only runtime and NumPy)


class LoadedFunction:
    """A saved ``autograph.Function``: call it like the original (see the module docstring)."""

    def __init__(self, record: FunctionRecord) -> None:
        self.__name__ = self.name = record.name
        self._signature = inspect.Signature(list(record.parameters))
        self.concrete_functions = [LoadedConcreteFunction(record.name, self._signature, c) for c in record.concretes]
        self.variables = list(record.variables)
        positional = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)
        kinds = [p.kind for p in record.parameters]
        # How many arguments a call must pass positionally to take the fast path (-1: never).
        self._positional = len(kinds) if all(k in positional for k in kinds) else -1
        self._fast_calls: dict[tuple, LoadedConcreteFunction] = {}

    @staticmethod
    def _array_key(args: tuple) -> Optional[tuple]:
        if all(type(a) is np.ndarray or isinstance(a, np.generic) for a in args):
            return tuple((a.shape, a.dtype) for a in args)
        return None

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        # Fast path: every parameter passed positionally as an ndarray, with a (shape, dtype) key seen before.
        key = self._array_key(args) if not kwargs and len(args) == self._positional else None
        if key is not None:
            concrete = self._fast_calls.get(key)
            if concrete is not None:
                return concrete.run_leaves(args)
        tree, leaves = _bind(self._signature, self.name, args, kwargs, self.concrete_functions)
        problems = []
        for concrete in self.concrete_functions:
            problem = concrete.mismatch(tree, leaves)
            if problem is None:
                if key is not None:
                    if len(self._fast_calls) >= _MAX_FAST_CALLS:  # bounded: a relaxed signature's lengths
                        self._fast_calls.clear()                 # would add a key each, for ever
                    self._fast_calls[key] = concrete
                return concrete.run_leaves(leaves)
            problems.append(f"  {self.name}{concrete._show_args()}: {problem}")
        raise TypeError(f"saved function {self.name} has no signature these arguments fit (a loaded function "
                        "cannot trace new ones):\n" + "\n".join(problems))

    def pretty_printed_concrete_signatures(self) -> str:
        """One block per saved concrete function, as the original printed them."""
        return "\n\n".join(c.pretty_printed_signature() for c in self.concrete_functions)

    def __repr__(self) -> str:
        return f"<LoadedFunction {self.name}, {len(self.concrete_functions)} concrete function(s)>"

    def __str__(self) -> str:
        return "\n\n".join(str(c) for c in self.concrete_functions)

    def _repr_html_(self) -> str:
        head = f"<p><b>loaded function</b> <code>{html.escape(self.name)}</code>:</p>"
        return head + "<hr>".join(c._repr_html_() for c in self.concrete_functions)
