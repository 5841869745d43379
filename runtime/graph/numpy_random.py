"""NumPy's random functions in a traced function: random ops that draw each time the graph runs.

Before (traced; ``rng`` a ``np.random.Generator`` passed in)::

    def f(x, rng):
        np.random.seed(0)
        y = x + np.random.normal(size=x.shape)
        g = np.random.default_rng(7)
        return y * g.uniform() + rng.integers(0, 10)

After (the graph)::

    _ = random[draw=np.random.seed(0)]
    b:f64[3] = random[draw=np.random.normal(size=(3,))]
    c:f64[3] = add a b
    _ = random_generator[generator=default_rng#1 make=np.random.default_rng(7)]
    d:f64[] = random[draw=default_rng#1.uniform()]
    ...
    f:i64[] = random[draw=Generator#2.integers(0, 10)]

The converter sends every random callee through ``ag__.call``, which hands it here while a graph is
traced (runtime/random_calls.py, ``GraphBackend.random_call``). A draw becomes a ``random`` node
(runtime/graph/ops_random.py) that calls, at run time, the very generator eager code would: the
global ``np.random`` state for ``np.random.<fn>``, the ``Generator`` or ``RandomState`` object the
function holds (an argument, a closure, a global). So ``np.random.seed(0); f(x)`` gives eager's
numbers, in eager's order. A generator the function makes itself (``np.random.default_rng(seed)``,
``np.random.RandomState(seed)``) is made afresh at every run by a ``random_generator`` node, as eager
code makes it at every call; the object the function holds while it is traced stands for it.

Shapes: ``size`` (and ``rand``'s dims) must be Python ints, as every graph shape is fixed while
tracing (``x.shape`` of an array whose dims are known is); the parameters may be tensors. The result
has the shape and dtype NumPy gives; a draw NumPy returns as a Python float or int is a 0-d tensor,
which promotes as a NumPy scalar does (docs/graphs.md, "Random numbers").

What cannot keep eager's numbers is refused with a ``NotStageable`` naming the user's line: a size
known only at run time, ``shuffle`` of something that is not a traced array, a bit generator or a
``SeedSequence`` made inside the function, ``get_state``/``set_state``, methods not in the tables
below, a generator made in the call some other way (``copy.deepcopy``, ``pickle``) that nothing but the graph holds
when the trace ends. And a generator the trace met (drew from, or made) that changed while the function was traced,
in code autograph does not stage (a library), froze its draws into the graph: the trace ends with a
refusal (``watch_trace``; autograph/function.py also watches the function's generator arguments, and
np.random's global generator under ``autograph=False``).
"""

from __future__ import annotations

import functools
import gc
import inspect
import itertools
import operator
import random as python_random
import sys
from contextvars import ContextVar
from sys import _getframe  # (bound at import: a program may delete or replace sys._getframe)
from typing import Any, Callable, Optional

import numpy as np

from runtime.graph import builtins as graph_builtins
from runtime.graph import ops, shapes, tensor
from runtime.graph.ops_random import Draw, Source
from runtime.graph.shapes import Ref
from runtime.graph.tensor import PyNumber, Tensor, is_or_holds_tensor, stands_for_a_tensor
from runtime.random_calls import GeneratorWatch, describe
from runtime.references import COUNTS_REFERENCES, held_only_by
from runtime.staging import NotStageable, user_location

_GLOBAL = np.random.mtrand._rand  # the RandomState behind np.random.normal, ...
_GLOBAL_SOURCE = Source(_GLOBAL, "np.random")        # its methods (np.random.normal is _GLOBAL.normal)
_MODULE_SOURCE = Source(np.random, "np.random")      # np.random's own functions (seed, sample, ranf)
F64, INT64 = np.dtype(np.float64), np.dtype(np.int64)
_LONG = np.random.RandomState(0).poisson(size=1).dtype  # RandomState's integer results (C long)


# --- the methods: signature, and the rule for the result's shape and dtype ------------------------

class _Spec:
    """One method: its parameters (``signature``, as NumPy documents them), and ``rule(arguments, spec, name,
    label)``, which returns ``(shape, dtype, in_place_target)`` from the bound arguments (tensors among them);
    ``label`` (``np.random.normal``, ``Generator.normal``) is for messages."""

    def __init__(self, parameters: str, rule: Callable, dtype: Optional[np.dtype] = None) -> None:
        self.signature = _signature(parameters)
        self.rule = rule
        self.dtype = dtype


_DEFAULTS = {"None": None, "True": True, "False": False, "float64": np.float64, "int64": np.int64, "int": int,
             "zig": "zig", "warn": "warn", "svd": "svd", "1e-08": 1e-08}


def _signature(text: str) -> inspect.Signature:
    """``"loc=0.0 scale=1.0 size=None"`` as a signature: a name alone is required, ``*dims`` takes the rest."""
    kind = inspect.Parameter.POSITIONAL_OR_KEYWORD
    parameters = []
    for item in text.split():
        if item.startswith("*"):
            parameters.append(inspect.Parameter(item[1:], inspect.Parameter.VAR_POSITIONAL))
            continue
        name, _, default = item.partition("=")
        value = inspect.Parameter.empty if not default else (
            _DEFAULTS[default] if default in _DEFAULTS else float(default) if "." in default else int(default))
        parameters.append(inspect.Parameter(name, kind, default=value))
    return inspect.Signature(parameters)


def _distribution(arguments: dict, spec: _Spec, name: str, label: str) -> tuple:
    """Every parameter before ``size`` broadcasts; ``size`` replaces their shape. The dtype is the
    ``dtype`` argument (Generator's ``random``, ``standard_normal``...) or the method's own."""
    _no_out(arguments, label)
    size = _size(arguments["size"], label)
    if size is None:
        params = list(arguments)[:list(arguments).index("size")]
        size = shapes.broadcast(*(_shape(arguments[p]) for p in params)) if params else ()
    dtype = np.dtype(arguments["dtype"]) if "dtype" in arguments else spec.dtype
    return size, dtype, None


def _dims(arguments: dict, spec: _Spec, name: str, label: str) -> tuple:
    """``rand(2, 3)`` / ``randn(2, 3)``: the dims are the shape."""
    return _size(tuple(arguments["dims"]), label), spec.dtype, None


def _integers(arguments: dict, spec: _Spec, name: str, label: str) -> tuple:
    size = _size(arguments["size"], label)
    if size is None:
        size = shapes.broadcast(_shape(arguments["low"]), _shape(arguments["high"]))
    return size, np.dtype(arguments["dtype"]), None


def _choice(arguments: dict, spec: _Spec, name: str, label: str) -> tuple:
    """An int ``a`` (a Python int or a 0-d tensor) draws indices; an array draws its items (along ``axis``,
    for a Generator)."""
    size = _size(arguments["size"], label) or ()
    a = arguments["a"]
    if _shape(a) == ():
        return size, spec.dtype, None
    shape, dtype = _shape(a), _dtype(a)
    axis = arguments.get("axis", 0)
    if isinstance(axis, Tensor):
        raise _data_dependent(label, "axis")
    axis = shapes.normalize_axis(axis, len(shape))
    return shape[:axis] + size + shape[axis + 1:], dtype, None


def _permutation(arguments: dict, spec: _Spec, name: str, label: str) -> tuple:
    """An int ``x`` permutes ``range(x)``; an array comes back permuted (``shuffle``: in place)."""
    _no_out(arguments, label)
    x = arguments["x"]
    if isinstance(x, Tensor) and x.ndim == 0:
        raise _data_dependent(label, "x (a 0-d tensor: the length of the permutation)")
    if name == "shuffle":
        if not isinstance(x, Tensor):
            raise NotStageable(
                f"{user_location()}: {label}() of a {type(x).__name__} value, not a traced array: a graph could "
                "shuffle it only once, while tracing, where eager code shuffles it at every call. Pass the array to "
                "the function as an argument (the graph then shuffles it in place at every run, and the caller's "
                "array with it), or shuffle a traced array.")
        return tuple(x.shape), x.dtype, x
    if _shape(x) == () and not isinstance(x, Tensor):
        return (operator.index(x),), INT64, None
    return _shape(x), _dtype(x), None


def _vector(arguments: dict, spec: _Spec, name: str, label: str) -> tuple:
    """A draw of vectors (``dirichlet(alpha)``, ``multinomial(n, pvals)``, ``multivariate_normal(mean, cov)``):
    ``size`` (or the other parameters' shape, for ``multinomial``'s ``n``) then the vectors' length, the last dim
    of ``alpha`` / ``pvals`` / ``mean``."""
    _no_out(arguments, label)
    which = next(p for p in ("alpha", "pvals", "mean") if p in arguments)
    shape = _shape(arguments[which])
    # (A scalar there is NumPy's own error whatever its value, which the draw raises when the graph runs.)
    if shape and shape[-1] is None:
        raise NotStageable(f"{user_location()}: {label}() needs the length of its vectors while tracing (the last "
                           f"dim of its {which}), and it is known only when the graph runs: trace the function for a "
                           "fixed shape (no None in its input_signature)")
    size = _size(arguments["size"], label)
    if size is None:
        size = shapes.broadcast(_shape(arguments["n"]), shape[:-1]) if "n" in arguments else ()
    return size + shape[-1:], spec.dtype, None


def _nothing(arguments: dict, spec: _Spec, name: str, label: str) -> tuple:
    return (), None, None


_CONTINUOUS = {
    "normal": "loc=0.0 scale=1.0", "uniform": "low=0.0 high=1.0", "exponential": "scale=1.0",
    "standard_cauchy": "", "standard_t": "df", "gamma": "shape scale=1.0", "beta": "a b", "chisquare": "df",
    "noncentral_chisquare": "df nonc", "f": "dfnum dfden", "noncentral_f": "dfnum dfden nonc",
    "laplace": "loc=0.0 scale=1.0", "logistic": "loc=0.0 scale=1.0", "lognormal": "mean=0.0 sigma=1.0",
    "gumbel": "loc=0.0 scale=1.0", "rayleigh": "scale=1.0", "pareto": "a", "weibull": "a", "power": "a",
    "vonmises": "mu kappa", "wald": "mean scale", "triangular": "left mode right",
}
_DISCRETE = {
    "poisson": "lam=1.0", "binomial": "n p", "negative_binomial": "n p", "geometric": "p",
    "hypergeometric": "ngood nbad nsample", "zipf": "a", "logseries": "p",
}


def _table(integer: np.dtype, own: dict) -> dict[str, _Spec]:
    table = {name: _Spec(f"{params} size=None", _distribution, F64) for name, params in _CONTINUOUS.items()}
    table.update({name: _Spec(f"{params} size=None", _distribution, integer) for name, params in _DISCRETE.items()})
    table.update(own)
    return table


# RandomState's methods (np.random.<fn> are the global RandomState's).
LEGACY = _table(_LONG, {
    "standard_normal": _Spec("size=None", _distribution, F64),
    "standard_exponential": _Spec("size=None", _distribution, F64),
    "standard_gamma": _Spec("shape size=None", _distribution, F64),
    "random_sample": _Spec("size=None", _distribution, F64),
    "random": _Spec("size=None", _distribution, F64),
    "rand": _Spec("*dims", _dims, F64),
    "randn": _Spec("*dims", _dims, F64),
    "randint": _Spec("low high=None size=None dtype=int", _integers),
    "choice": _Spec("a size=None replace=True p=None", _choice, _LONG),
    "permutation": _Spec("x", _permutation),
    "shuffle": _Spec("x", _permutation),
    "seed": _Spec("seed=None", _nothing),
    "dirichlet": _Spec("alpha size=None", _vector, F64),
    "multinomial": _Spec("n pvals size=None", _vector, _LONG),
    "multivariate_normal": _Spec("mean cov size=None check_valid=warn tol=1e-08", _vector, F64),
})
# A Generator's methods.
GENERATOR = _table(INT64, {
    "standard_normal": _Spec("size=None dtype=float64 out=None", _distribution, F64),
    "standard_exponential": _Spec("size=None dtype=float64 method=zig out=None", _distribution, F64),
    "standard_gamma": _Spec("shape size=None dtype=float64 out=None", _distribution, F64),
    "random": _Spec("size=None dtype=float64 out=None", _distribution, F64),
    "integers": _Spec("low high=None size=None dtype=int64 endpoint=False", _integers),
    "choice": _Spec("a size=None replace=True p=None axis=0 shuffle=True", _choice, INT64),
    "permutation": _Spec("x axis=0", _permutation),
    "shuffle": _Spec("x axis=0", _permutation),
    "permuted": _Spec("x axis=None out=None", _permutation),
    "dirichlet": _Spec("alpha size=None", _vector, F64),
    "multinomial": _Spec("n pvals size=None", _vector, INT64),
    "multivariate_normal": _Spec("mean cov size=None check_valid=warn tol=1e-08 method=svd", _vector, F64),
})
# np.random's own functions (not methods of its RandomState).
MODULE = {"seed": LEGACY["seed"], "sample": LEGACY["random_sample"], "ranf": LEGACY["random_sample"]}


# --- arguments -----------------------------------------------------------------------------------

def _argument(value: Any) -> Any:
    """A parameter as the node takes it: a tensor (a Variable read, or a list holding tensors made one, as
    NumPy would make it an array), or a value the node keeps and passes as it is (numbers, NumPy arrays)."""
    if isinstance(value, Tensor):
        return value
    if stands_for_a_tensor(type(value)):
        return tensor.as_tensor(value)
    if isinstance(value, (list, tuple)) and any(type(item) is PyNumber for item in value):
        return value  # (a shape with a dim known only at run time, x.shape: _size refuses it, naming the dim)
    if isinstance(value, (list, tuple)) and is_or_holds_tensor(value):
        return graph_builtins.call(np.array, (value,), {})
    return value


def _shape(x: Any) -> tuple:
    return tuple(x.shape) if isinstance(x, Tensor) else np.shape(x)


def _dtype(x: Any) -> np.dtype:
    return x.dtype if isinstance(x, Tensor) else np.asarray(x).dtype


def _size(size: Any, name: str) -> Optional[tuple]:
    """``size`` as a tuple of ints (None stays None), or a refusal if it is known only at run time."""
    if size is None:
        return None
    items = size if isinstance(size, (tuple, list)) else (size,)
    # (a dim known only at run time reads as a PyNumber in the user's code, x.shape: shown as None)
    items = [None if type(item) is PyNumber else item for item in items]
    if is_or_holds_tensor(items):
        raise _data_dependent(name, "size")
    if any(item is None for item in items):
        raise NotStageable(
            f"{user_location()}: {name}(size={tuple(items)!r}): a dimension of it (None) is known only when the "
            "graph runs (a traced shape with an unknown dim), and a graph fixes the shape of every draw while tracing. "
            "Trace the function for a fixed shape (no None in its input_signature), or draw at a fixed size and "
            "slice the part you need.")
    shape = tuple(operator.index(item) for item in items)
    if any(d < 0 for d in shape):
        raise ValueError("negative dimensions are not allowed")
    return shape


def _data_dependent(name: str, what: str) -> NotStageable:
    return NotStageable(
        f"{user_location()}: {name}() with its {what} computed from a traced value: the shape of a draw would then "
        "depend on data known only when the graph runs, and a graph fixes every shape while tracing. Give it as a "
        "Python int (x.shape and len(x) of a traced array whose dims are known are ints), or draw at a fixed size "
        "and select from the result.")


def _no_out(arguments: dict, name: str) -> None:
    if arguments.get("out") is not None:
        raise NotStageable(f"{user_location()}: {name}(..., out=...) is not supported in graphs: use the result it "
                           "returns (out = draw, or out[...] = draw)")


def _template(value: Any, inputs: list) -> Any:
    if isinstance(value, Tensor):
        inputs.append(value)
        return Ref(len(inputs) - 1)
    return value


# --- staging a draw ---------------------------------------------------------------------------------

def _draw(source: Source, table: dict, label: str, name: str, *args: Any, **kwargs: Any) -> Any:
    """``source.name(*args, **kwargs)`` as a ``random`` node; its result (a tensor), or None."""
    spec = table.get(name)
    if spec is None:
        raise _unsupported(label, table)
    args = tuple(_argument(a) for a in args)
    kwargs = {k: _argument(v) for k, v in kwargs.items()}
    try:
        bound = spec.signature.bind(*args, **kwargs)
    except TypeError as error:
        raise TypeError(f"{label}() {error}") from None
    bound.apply_defaults()
    shape, dtype, target = spec.rule(dict(bound.arguments), spec, name, label)
    inputs: list = []
    draw = Draw(source, name, tuple(_template(a, inputs) for a in args),
                tuple((k, _template(v, inputs)) for k, v in kwargs.items()), tuple(shape),
                None if dtype is None else np.dtype(dtype), target is not None)
    outputs = tensor.bind("random", inputs, draw=draw)
    if target is not None:  # shuffle: the traced array holds the shuffled copy from now on
        tensor.assign_in_place(target, outputs[0])
        return None
    return outputs[0] if outputs else None


def _unsupported(label: str, table: dict) -> NotStageable:
    names = ", ".join(sorted(table))
    return NotStageable(
        f"{user_location()}: {label} is not supported in graphs: it was called while a graph was traced, where a "
        f"draw must be staged to happen at every run. Graphs stage these: {names}. Call it outside the traced "
        "function and pass the numbers in.")


# --- generators made inside the traced function, and the trace's watch over the others --------------

class _Trace(GeneratorWatch):
    """What one outermost trace knows of generators: the source each drawn-from object stands for, and
    (``GeneratorWatch``) each generator's state when the trace first met it, compared at its end."""

    def __init__(self) -> None:
        super().__init__()
        self.sources: dict[int, tuple[Any, Source]] = {}
        self.made_bit_generators: dict[int, Any] = {}  # bit generators of the generators made in the trace
        self.count = itertools.count(1)

    def source(self, generator: Any) -> Source:
        """The source that draws from ``generator`` at run time: itself, or the per-run generator it stands for."""
        entry = self.sources.get(id(generator))
        if entry is not None:
            return entry[1]
        if generator is _GLOBAL:
            # From its first staged draw on: a draw in code that runs as written after it (a property, an operator
            # method) would come before the staged one when the graph runs, where eager code draws it after. (One
            # before it keeps eager's order: autograph/trace_guards.py traces again at every call for it.)
            self.watch(_GLOBAL, f"NumPy's global generator (np.random), drawn from at {user_location()},")
            return _GLOBAL_SOURCE
        source = Source(generator, f"{type(generator).__name__}#{next(self.count)}")
        self.sources[id(generator)] = (generator, source)
        self.watch(generator, f"the {type(generator).__name__} drawn from at {user_location()} ({source.label})")
        return source


    def check(self) -> None:
        super().check()
        candidates = [(g, s) for g, s in self.sources.values() if g is not _GLOBAL and not s.per_run]
        collected = False
        for generator, _ in candidates:
            # The trace's own references: the candidates' tuple, this loop's variable, the sources entry's tuple, the
            # Source, the watch's tuple. Held by nothing else, it was made inside the call (eager code makes it again
            # at every call). One or two more may be a cycle of garbage the call left (an object of the program
            # holding it and bound methods of itself: MiniSom's maps): collected once, then counted again.
            if not COUNTS_REFERENCES:
                made_here = self._only_the_trace_holds(generator, candidates)
            else:
                if not collected and not held_only_by(generator, 5) and sys.getrefcount(generator) - 6 <= 2:
                    gc.collect()
                    collected = True
                made_here = held_only_by(generator, 5)
            if made_here:
                what = self.watched[id(generator)][2]  # ("the RandomState drawn from at <file:line> (RandomState#1)")
                raise NotStageable(
                    f"{what[0].upper()}{what[1:]} was made while the function was traced, in a way the graph does not "
                    "make again at every run (copy.deepcopy, "
                    "pickle, a library), and nothing but the graph holds it now: its draws would continue from one "
                    "run to the next, where eager code makes a new one at every call. Make it with "
                    "np.random.default_rng(seed) or np.random.RandomState(seed) in the function, or make it outside "
                    "and pass it in.")

    def _only_the_trace_holds(self, generator: Any, candidates: list) -> bool:
        """``held_only_by`` where reference counts cannot be read exactly (Python 3.10, 3.14+, PyPy): after a
        collection, whether everything that refers to ``generator`` is the trace's own (its tuples, its Source,
        this frame). An object of the program that the collector does not track would hide a holder: the answer
        is then yes, and the trace is refused, the side a mistake must fall on."""
        gc.collect()
        entry = self.sources[id(generator)]
        source = entry[1]
        ours = {id(entry), id(self.watched[id(generator)]), id(source),
                id(getattr(source, "__dict__", None)), id(candidates), *map(id, candidates)}
        frame = _getframe()
        ours.update((id(frame), id(frame.f_back)))  # this method's frame and check()'s hold it as variables
        return all(id(referrer) in ours for referrer in gc.get_referrers(generator))


_TRACE: ContextVar[Optional[_Trace]] = ContextVar("runtime_graph_random", default=None)


def _trace() -> _Trace:
    trace = _TRACE.get()
    if trace is None:  # a graph built without tracing.trace (a test's own builder): no watch at its end
        trace = _Trace()
        _TRACE.set(trace)
    return trace


def watch_trace() -> Callable[[], None]:
    """Called as an outermost trace starts (runtime/graph/tracing.py): the check for its end, which raises
    if a generator drew while the function was traced outside what the graph stages (``GeneratorWatch``)."""
    trace = _Trace()
    _TRACE.set(trace)
    return trace.check


def _made(name: str, factory: str, make_args: tuple, make_kwargs: dict, standing_in: Any) -> Any:
    """``np.random.default_rng(seed)`` / ``np.random.RandomState(seed)`` inside the traced function: a
    ``random_generator`` node makes a fresh one at every run, as eager code does at every call; the
    function gets ``standing_in`` (made now), whose draws are staged from the per-run one."""
    trace = _trace()
    source = Source(None, f"{name}#{next(trace.count)}", per_run=True)
    args = tuple(_argument(a) for a in make_args)
    kwargs = {k: _argument(v) for k, v in make_kwargs.items()}
    inputs: list = []
    make = Draw(_MODULE_SOURCE, factory, tuple(_template(a, inputs) for a in args),
                tuple((k, _template(v, inputs)) for k, v in kwargs.items()))
    tensor.bind("random_generator", inputs, generator=source, make=make)
    trace.sources[id(standing_in)] = (standing_in, source)
    bit_generator = getattr(standing_in, "bit_generator", None) or getattr(standing_in, "_bit_generator", None)
    if bit_generator is not None:
        trace.made_bit_generators[id(bit_generator)] = bit_generator
    trace.watch(standing_in, f"the generator {name}(...) made at {user_location()} ({source.label})")
    return standing_in


def _wrapped(cls: type, bit_generator: Any) -> Any:
    """``Generator(bit_generator)`` / ``RandomState(bit_generator)``: a generator over a bit generator from
    outside the function, which eager code advances at every call too: made now, drawn from at run time."""
    if id(bit_generator) in _trace().made_bit_generators:
        raise NotStageable(
            f"{user_location()}: a generator over the bit generator of one the traced function made itself "
            "(np.random.default_rng / RandomState inside it): the graph makes that one afresh at every run, and "
            "cannot share its bit generator. Draw from the generator the function made.")
    return cls(bit_generator)


def _default_rng(seed: Any = None) -> Any:
    if isinstance(seed, np.random.Generator):
        return seed  # eager returns it as it is
    if isinstance(seed, np.random.BitGenerator):
        return _wrapped(np.random.Generator, seed)
    return _made("default_rng", "default_rng", (seed,), {}, np.random.default_rng(_static_seed(seed)))


def _random_state(seed: Any = None) -> Any:
    if isinstance(seed, np.random.BitGenerator):
        return _wrapped(np.random.RandomState, seed)
    return _made("RandomState", "RandomState", (seed,), {}, np.random.RandomState(_static_seed(seed)))


def _static_seed(seed: Any) -> Any:
    """The seed for the object that stands in while tracing (its state is never drawn from): a traced seed's
    value is not known yet, and any seed serves."""
    return None if is_or_holds_tensor(seed) else seed


def _refuse(f: Any, why: str) -> Callable:
    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise NotStageable(f"{user_location()}: {describe(f)}(...) inside a traced function is not supported in "
                           f"graphs: {why}")
    return refuse


_MAKE_IT_OUTSIDE = ("make the generator with np.random.default_rng(seed) inside the function (a fresh one at every "
                    "call, as in eager code), or make it outside and pass it in.")
_STATE = ("a generator's state is not a graph value. Seed inside the function with np.random.seed(...) or "
          "np.random.default_rng(seed), or read and set the state outside it.")


def random_call(f: Callable) -> Callable:
    """The graph backend's answer for ``ag__.call(f)`` of a random callable (runtime/random_calls.py): a
    callable that stages the draw, or one that refuses it."""
    owner = getattr(f, "__self__", None)
    name = getattr(f, "__name__", "")
    if isinstance(owner, (np.random.Generator, np.random.RandomState)):
        source = _trace().source(owner)
        table = GENERATOR if isinstance(owner, np.random.Generator) else LEGACY
        if name in ("get_state", "set_state"):
            return _refuse(f, _STATE)
        return functools.partial(_draw, source, table, describe(f), name)
    if isinstance(owner, np.random.BitGenerator):
        return _refuse(f, "a bit generator's methods draw or change its state outside what the graph stages; "
                          "draw from a Generator instead.")
    if isinstance(owner, python_random.Random):
        return _refuse(f, "Python's random module would draw once, while tracing, and the graph would return that "
                          "number at every call. Draw with NumPy's random functions (np.random.random(), "
                          "rng.choice(xs)), which the graph draws at every run, or draw outside the function and "
                          "pass the numbers in.")
    if f is np.random.default_rng:
        return _default_rng
    if f is np.random.RandomState:
        return _random_state
    if f is np.random.Generator:
        return functools.partial(_wrapped, np.random.Generator)
    if name in MODULE and getattr(np.random, name, None) is f:
        return functools.partial(_draw, _MODULE_SOURCE, MODULE, describe(f), name)
    if name in ("get_bit_generator", "set_bit_generator"):
        return _refuse(f, _STATE)
    if isinstance(f, type) and issubclass(f, (np.random.BitGenerator, np.random.SeedSequence)):
        return _refuse(f, "it would be made once, while tracing, where eager code makes a fresh one at every call; "
                          + _MAKE_IT_OUTSIDE)
    return _refuse(f, "it is not one of NumPy's random functions that graphs stage (docs/graphs.md, "
                      "\"Random numbers\"); call it outside the traced function and pass its result in.")


def draws_random(graph: Any) -> bool:
    """Whether ``graph`` (or a subgraph of it) holds a random op."""
    for node in graph.nodes:
        if node.op in ("random", "random_generator"):
            return True
        if any(draws_random(node.attrs[name]) for name in ops.OPS[node.op].subgraphs):
            return True
    return False
