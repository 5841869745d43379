"""How a ``Function`` call finds its trace: bind the arguments as Python does, then key them.

    bind = make_binder(inspect.signature(f), "f")
    values = bind(x, scale=3.0)       # every parameter's value, in order, defaults filled in
    tensors = []
    key = fast_key(values, tensors)   # a hashable key of the call, or None (then the general path)

    lookup = make_lookup(inspect.signature(f), "f", runs)
    run, key, tensors = lookup(x, scale=3.0)     # runs[key] (or None), the key, the arrays
    call = make_fast_call(inspect.signature(f), "f", runs, current_builder, general, eager, calls)
    result = call(x, scale=3.0)                  # runs[key](tensors), or general(x, scale=3.0)

``make_binder`` compiles a function with ``f``'s own parameter list and defaults that returns its
parameters: Python binds the arguments in C, with Python's own ``TypeError`` for a wrong call, at a
tenth of ``inspect.Signature.bind``'s cost. ``fast_key`` keys arrays by shape and dtype and Python
values by value (floats and complex numbers by their bits, Decimals by their digits:
autograph/call_boundary.py), in one pass over the (nested) arguments; it answers only for classes the
general path (``key_of``) has keyed before, so both always agree on which calls share a trace.

``make_fast_call`` is what a ``Function`` call runs, called by ``Function.__call__`` with no frame
between: the binder, ``fast_key``'s rule written out inline for each parameter (no call and no inner
tuple per parameter: a flat key of two entries per parameter), the dictionary lookup and the run of
the trace found, in one compiled function, about a third of the cost of calling the binder,
``fast_key`` and the run one after the other; a call it does not answer goes on to ``general``.
``make_lookup`` compiles the same keying, returning the key (a ``Function`` files a new trace's run
under it). The flat key is unambiguous: an array's first entry is its shape (a tuple), a Python
value's its class (its second the value, or a float's bytes), a nest's None (its second entry is
``fast_key`` of it).
"""

from __future__ import annotations

import functools
import inspect
import keyword
import os
import types
from typing import Any, Callable, Optional

import numpy as np

from autograph.call_boundary import EXACT_NUMBERS, ExactNumber, exact_key, pack_float, refuse_array_class
from autograph.concrete_function import is_jax, is_tensor_like
from autograph.trace_guards import any_changed
from runtime.graph import Tensor, TensorSpec
from runtime.graph.tensor import stands_for_scalar
from runtime.staging import leave_library

_P = inspect.Parameter


_BINDER_FILE = "<autograph argument binder>"


@functools.lru_cache(maxsize=1024)
def _compiled(source: str, filename: str) -> types.CodeType:
    """The code of a binder's or lookup's source: the same for every ``Function`` whose signature spells
    the same (each gets its own function over it, with its own globals and defaults). Compiling it
    was most of what making a ``Function`` cost (~0.25 ms of a ~1.7 ms cold staging of a small function)."""
    return compile(source, filename, "exec")


def parameter_list(params: list[inspect.Parameter]) -> str:
    """The parameter list of a ``def`` with these parameters (names only: defaults are set afterwards)."""
    parts: list[str] = []
    for i, p in enumerate(params):
        if p.kind is _P.KEYWORD_ONLY and not any(q.kind is _P.VAR_POSITIONAL for q in params[:i]) \
                and (i == 0 or params[i - 1].kind is not _P.KEYWORD_ONLY):
            parts.append("*")
        parts.append({_P.VAR_POSITIONAL: "*", _P.VAR_KEYWORD: "**"}.get(p.kind, "") + p.name)
        if p.kind is _P.POSITIONAL_ONLY and (i + 1 == len(params) or params[i + 1].kind is not _P.POSITIONAL_ONLY):
            parts.append("/")
    return ", ".join(parts)


def make_binder(signature: inspect.Signature, qualname: str) -> Callable[..., tuple]:
    """``bind(*args, **kwargs)``: the value of every parameter of ``signature``, in order (``*args`` as a
    tuple, ``**kwargs`` as a dict), raising Python's own ``TypeError`` (naming ``qualname``) for a wrong call."""
    params = list(signature.parameters.values())
    if not all(p.name.isidentifier() and not keyword.iskeyword(p.name) for p in params):
        return _inspect_binder(signature)
    names = [p.name for p in params]
    source = f"def bind({parameter_list(params)}):\n    return ({''.join(n + ', ' for n in names)})\n"
    namespace: dict = {}
    exec(_compiled(source, _BINDER_FILE), namespace)
    bind = namespace["bind"]
    bind.__defaults__ = tuple(p.default for p in params
                              if p.kind in (_P.POSITIONAL_ONLY, _P.POSITIONAL_OR_KEYWORD) and p.default is not _P.empty
                              ) or None
    bind.__kwdefaults__ = {p.name: p.default for p in params
                           if p.kind is _P.KEYWORD_ONLY and p.default is not _P.empty} or None
    bind.__qualname__ = bind.__name__ = qualname  # Python's messages name the function: "f() missing 1 ..."
    return bind


_LOCAL = "ag__"  # the prefix of the lookup's own names; no parameter may start with it (else the general form)


def make_lookup(signature: inspect.Signature, qualname: str, traces: dict) -> Callable[..., tuple]:
    """``lookup(*args, **kwargs) -> (traces.get(key) or None, key or None, tensors)``: bind a call as
    ``make_binder``'s function does (Python's own ``TypeError`` for a wrong call), key it (None where
    ``fast_key`` would say None) and look it up in ``traces``; ``tensors`` are the arrays among the
    arguments, in order. A key that cannot be hashed finds nothing (the general path answers)."""
    params = list(signature.parameters.values())
    bind = make_binder(signature, qualname)
    if not compilable(bind, params):
        return _general_lookup(bind, traces)
    tail = ["try:", "    return ag__get(ag__key), ag__key, ag__t",
            "except TypeError:  # a Python value of a class whose instances are not all hashable",
            "    return None, None, ag__t"]
    return _compile("lookup", params, bind, "return None, None, ag__t", tail, {"ag__get": traces.get})


# How many keys a ``Function``'s fast-call table holds before the general path, its one writer, clears
# it (Function._call_general). A trace whose input_signature relaxes a shape (``TensorSpec([None])``) takes
# every length under one trace, but each length is a key of its own (~190 bytes): without a bound, 100,000
# lengths kept 18 MiB for ever. Cleared, not evicted one by one: an LRU would write on every hit, and the
# general path refills a cleared key on its next call (the trace itself is kept: only the keys that lead to
# it go). 4,096 keys are under 1 MiB.
MAX_FAST_CALLS = 4096


def make_fast_call(signature: inspect.Signature, qualname: str, runs: dict, building: Callable[[], Any],
                   general: Callable[..., Any], tick: Callable[[], Any], guards: list) -> Callable[..., Any]:
    """``call(*args, **kwargs)``, a ``Function``'s whole call: count it (``tick()``); then, unless ``building()``
    (a trace under way) is set or one of ``guards`` finds a change (autograph/trace_guards.py),
    ``runs[key](tensors)`` for a call whose key (``make_lookup``'s) is in ``runs``
    (empty while ``run_functions_eagerly(True)``); every other call is ``general(*args, **kwargs)``,
    passed on with the values Python bound (the same parameters, defaults explicit). One function from the
    call to the graph's run, with the parameters of the user's function: a wrong call raises Python's own
    ``TypeError`` in the caller's frame, as calling the function itself would, before ``call`` runs."""
    params = list(signature.parameters.values())
    bind = make_binder(signature, qualname)
    if not compilable(bind, params):
        lookup = _general_lookup(bind, runs)

        def call(*args: Any, **kwargs: Any) -> Any:
            tick()
            try:
                if guards and any_changed(guards):
                    return general(*args, **kwargs)
                try:
                    run, _, tensors = lookup(*args, **kwargs)
                except TypeError:  # a wrong call: the general path binds it again and says where it was
                    return general(*args, **kwargs)
                if run is None or building() is not None:
                    return general(*args, **kwargs)
                return run(tensors)
            except Exception as error:
                leave_library(error)
                raise  # (a bare raise adds no entry for this frame: the traceback stays as trimmed)
        return call
    passed = f"return ag__general({call_arguments(params)})"
    head = ["ag__tick()"]
    tail = ["if ag__guards and ag__changed(ag__guards):  # (before the look-up: no frame holds the trace dropped)",
            f"    {passed}",
            "try:", "    ag__run = ag__get(ag__key)",
            "except TypeError:  # a Python value of a class whose instances are not all hashable",
            f"    {passed}",
            "if ag__run is None or ag__building() is not None:",
            f"    {passed}",
            "return ag__run(ag__t)"]
    return _compile("call", params, bind, passed, tail,
                    {"ag__get": runs.get, "ag__general": general, "ag__building": building, "ag__tick": tick,
                     "ag__leave": leave_library, "ag__guards": guards, "ag__changed": any_changed}, head, guarded=True)


def call_arguments(params: list[inspect.Parameter]) -> str:
    """The arguments of a call that binds every parameter to its own name's value: ``a, *args, k=k, **kw``."""
    parts = []
    for p in params:
        if p.kind is _P.VAR_POSITIONAL:
            parts.append(f"*{p.name}")
        elif p.kind is _P.VAR_KEYWORD:
            parts.append(f"**{p.name}")
        elif p.kind is _P.KEYWORD_ONLY:
            parts.append(f"{p.name}={p.name}")
        else:
            parts.append(p.name)
    return ", ".join(parts)


def compilable(bind: Callable, params: list[inspect.Parameter]) -> bool:
    """Whether the compiled form can spell the parameters (``make_binder`` could, and no name is one of ours)."""
    return bind.__code__.co_filename == _BINDER_FILE and not any(p.name.startswith(_LOCAL) for p in params)


# The compiled functions' file: in this package, so that the library's frames are told apart from the user's
# (runtime/staging.py) and a traceback through one is filtered like any of ours.
_LOOKUP_FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "<autograph call lookup>")


def _compile(name: str, params: list[inspect.Parameter], bind: Callable, miss: str, tail: list[str],
             names: dict, head: Optional[list[str]] = None, guarded: bool = False) -> Callable:
    """``def name(<params>): <head>; <key the call, as make_lookup says>; <tail>``, with ``bind``'s defaults.
    ``guarded``: all of it in ``try: ... except Exception as e: ag__leave(e); raise`` (``leave_library``: an
    error leaving a ``Function`` call keeps no frame of the library; free in Python 3.11+ while nothing is
    raised)."""
    body, entries = [], []
    for i, p in enumerate(params):
        k, v = f"{_LOCAL}k{i}", f"{_LOCAL}v{i}"
        entries += [k, v]
        if p.kind is _P.VAR_KEYWORD:  # a dict of arguments: fast_key's loop
            body += [f"{k} = None", f"{v} = ag__fast_key(({p.name},), ag__t)", f"if {v} is None:", f"    {miss}"]
            continue
        if p.kind is _P.VAR_POSITIONAL:  # a tuple of arguments: two entries each, as for parameters
            body += ["ag__l = []",
                     f"for ag__x in {p.name}:",
                     "    ag__c = ag__x.__class__",
                     "    if ag__c in ag__SPEC:",
                     "        ag__t.append(ag__x)",
                     "        ag__l += (ag__x.shape, ag__x.dtype)",
                     "    elif ag__c in ag__VALUE:",
                     "        ag__l += (ag__c, ag__x)",
                     "    elif ag__c is ag__float:",
                     "        ag__l += (ag__c, ag__pack(ag__x))",
                     "    elif ag__c in ag__SCALAR:",
                     "        ag__t.append(ag__x)",
                     "        ag__l += (ag__c, ag__x.dtype)",
                     "    else:",
                     "        ag__v = ag__fast_key((ag__x,), ag__t)",
                     "        if ag__v is None:",
                     f"            {miss}",
                     "        ag__l += (None, ag__v)",
                     f"{k} = None", f"{v} = tuple(ag__l)"]
            continue
        body += [f"ag__c = {p.name}.__class__",
                 "if ag__c in ag__SPEC:",
                 f"    ag__t.append({p.name})",
                 f"    {k} = {p.name}.shape",
                 f"    {v} = {p.name}.dtype",
                 "elif ag__c in ag__VALUE:",
                 f"    {k} = ag__c",
                 f"    {v} = {p.name}",
                 "elif ag__c is ag__float:  # its bits: -0.0 and 0.0 apart, nan equal to nan (call_boundary.py)",
                 f"    {k} = ag__c",
                 f"    {v} = ag__pack({p.name})",
                 "elif ag__c in ag__SCALAR:  # a NumPy scalar: its class first, apart from a 0-d array's shape",
                 f"    ag__t.append({p.name})",
                 f"    {k} = ag__c",
                 f"    {v} = {p.name}.dtype",
                 "else:",
                 f"    {k} = None",
                 f"    {v} = ag__fast_key(({p.name},), ag__t)",
                 f"    if {v} is None:",
                 f"        {miss}"]
    lines = [*(head or ()), "ag__t = []", *body, f"ag__key = ({''.join(e + ', ' for e in entries)})", *tail]
    if guarded:
        lines = ["try:", *("    " + line for line in lines), "except Exception as ag__e:", "    ag__leave(ag__e)",
                 "    raise"]
    source = "\n    ".join([f"def {name}({parameter_list(params)}):", *lines]) + "\n"
    namespace = {"ag__SPEC": _BY_SPEC, "ag__SCALAR": _BY_SCALAR, "ag__VALUE": _BY_VALUE, "ag__fast_key": fast_key,
                 "ag__float": float, "ag__pack": pack_float, **names}
    exec(_compiled(source, _LOOKUP_FILE), namespace)
    function = namespace[name]
    function.__defaults__, function.__kwdefaults__ = bind.__defaults__, bind.__kwdefaults__
    function.__qualname__ = function.__name__ = bind.__qualname__
    return function


def _general_lookup(bind: Callable[..., tuple], traces: dict) -> Callable[..., tuple]:
    """``make_lookup``'s function as ``bind`` then ``fast_key`` (for a signature the compiled form cannot spell)."""
    def lookup(*args: Any, **kwargs: Any) -> tuple:
        tensors: list = []
        key = fast_key(bind(*args, **kwargs), tensors)
        if key is None:
            return None, None, tensors
        try:
            return traces.get(key), key, tensors
        except TypeError:
            return None, None, tensors
    return lookup


def _inspect_binder(signature: inspect.Signature) -> Callable[..., tuple]:
    """The slow binder, for a signature no ``def`` can spell."""
    def bind(*args: Any, **kwargs: Any) -> tuple:
        bound = signature.bind(*args, **kwargs)
        bound.apply_defaults()
        return tuple(bound.arguments.values())
    return bind


# Classes whose instances are keyed by value / exactly (floats and complex numbers by their bits, Decimals by
# their digits, and their subclasses: ``==`` says 0.0 is -0.0 and nan is not nan) / by (shape, dtype).
# ``key_of`` adds every class it keys, so ``fast_key`` never keys a class another way than the general path
# would. No ndarray subclass but np.memmap is ever added (``key_of`` refuses the others:
# autograph/call_boundary.py), so their calls always reach it.
_BY_VALUE: set = {bool, int, str, bytes, type(None)}
_BY_EXACT_KEY: set = {float, complex}
_BY_SPEC: set = {np.ndarray}
# NumPy scalar classes (np.float64, ...), keyed by (class, dtype): a 0-d array of that dtype is another trace, since
# the two answer type(), isinstance() and `x += 1` differently (TensorSpec.scalar).
_BY_SCALAR: set = set()


def fast_key(values: Any, tensors: list) -> Optional[tuple]:
    """The key of a call's parameter values (appending the arrays among their leaves to ``tensors``: the
    graph's inputs, in order), or None for a value only the general path keys (a namedtuple, a class
    not seen yet)."""
    key = []
    for v in values:
        cls = v.__class__
        if cls in _BY_SPEC:
            tensors.append(v)
            key.append((v.shape, v.dtype))
        elif cls in _BY_SCALAR:
            tensors.append(v)
            key.append((cls, v.dtype))
        elif cls in _BY_VALUE:
            key.append((cls, v))
        elif cls in _BY_EXACT_KEY:
            key.append((cls, exact_key(v)))
        elif cls is tuple or cls is list:
            inner = fast_key(v, tensors)
            if inner is None:
                return None
            key.append((cls, inner))
        elif cls is dict:
            inner = fast_key(v.values(), tensors)
            if inner is None:
                return None
            key.append((dict, tuple(v), inner))
        else:
            return None
    return tuple(key)


def is_key_array(x: Any) -> bool:
    """A JAX array of typed PRNG keys (``jax.random.key(0)``): its dtype is JAX's, not NumPy's."""
    return is_jax(x, "Array") and not isinstance(x.dtype, np.dtype)


def scalar_flavour(x: Any) -> Optional[bool]:
    """An array argument's ``TensorSpec.scalar``: True for a NumPy scalar, False for a 0-d ndarray, None for any
    other (an array of more dimensions, a JAX array)."""
    return True if isinstance(x, np.generic) else False if isinstance(x, np.ndarray) and x.ndim == 0 else None


def key_of(leaf: Any, where: str, backend: str) -> Any:
    """The trace key of one argument leaf: a ``TensorSpec`` for an array (a 0-d one says whether it was a NumPy
    scalar or a 0-d ndarray: ``TensorSpec.scalar``), ``(type, value)`` for a Python value
    (``(type, ExactNumber(value))`` for a float, complex or Decimal). ``where`` names it for errors (``argument 'x' of
    f``...); an array of an ndarray subclass a graph cannot stand for is refused (``SubclassedArray``)."""
    if isinstance(leaf, TensorSpec):
        return TensorSpec(leaf.shape, leaf.dtype, leaf.scalar)
    if isinstance(leaf, Tensor):
        return TensorSpec(leaf.shape, leaf.dtype, stands_for_scalar(leaf) if leaf.ndim == 0 else None)
    if is_jax(leaf, "Tracer"):
        raise TypeError(f"{where} is a JAX tracer: a Function with backend='graph' runs our own graphs, which "
                        "cannot be traced by JAX; use autograph.function(..., backend='jax') inside jax.jit")
    if is_jax(leaf, "Array"):
        if is_key_array(leaf) and backend != "jax":
            raise TypeError(f"{where} is a JAX array of typed PRNG keys ({leaf.dtype}), which our graphs cannot "
                            "hold: use autograph.function(f, backend='jax'), which passes keys to jax.jit, or "
                            "pass jax.random.key_data(key) and rebuild the key inside with "
                            "jax.random.wrap_key_data")
        _BY_SPEC.add(leaf.__class__)
        return TensorSpec(leaf.shape, leaf.dtype)  # no np.asarray: that would copy the array to the host
    if is_tensor_like(leaf):
        refuse_array_class(leaf, where)  # (a masked array, a np.matrix...: before its class could join _BY_SPEC)
        scalar = scalar_flavour(leaf)
        (_BY_SCALAR if scalar else _BY_SPEC).add(leaf.__class__)
        spec = TensorSpec.from_value(leaf)
        return TensorSpec(spec.shape, spec.dtype, scalar)
    if isinstance(leaf, EXACT_NUMBERS):  # (np.float64 and np.complex128 are array scalars, keyed above)
        _BY_EXACT_KEY.add(leaf.__class__)
        return (type(leaf), ExactNumber(leaf))
    try:
        hash(leaf)
    except TypeError:
        raise TypeError(
            f"{where} is an unhashable {type(leaf).__name__}: autograph.function traces once per value of "
            "each Python argument, so a Python argument must be hashable; pass arrays as NumPy arrays and "
            "containers as tuples, lists or dicts of them (or make the class hashable)") from None
    _BY_VALUE.add(leaf.__class__)
    return (type(leaf), leaf)
