"""How a ``Function`` call finds its trace: bind the arguments as Python does, then key them.

    bind = make_binder(inspect.signature(f), "f")
    values = bind(x, scale=3.0)       # every parameter's value, in order, defaults filled in
    tensors = []
    key = fast_key(values, tensors)   # a hashable key of the call, or None (then the general path)

``make_binder`` compiles a function with ``f``'s own parameter list and defaults that returns its
parameters: Python binds the arguments in C, with Python's own ``TypeError`` for a wrong call, at a
tenth of ``inspect.Signature.bind``'s cost. ``fast_key`` keys arrays by shape and dtype and Python
values by value, in one pass over the (nested) arguments; it answers only for classes the general
path (``key_of``) has keyed before, so both always agree on which calls share a trace.
"""

from __future__ import annotations

import inspect
import keyword
from typing import Any, Callable, Optional

import numpy as np

from autograph.concrete_function import is_jax, is_tensor_like
from runtime.graph import Tensor, TensorSpec

_P = inspect.Parameter


def make_binder(signature: inspect.Signature, qualname: str) -> Callable[..., tuple]:
    """``bind(*args, **kwargs)``: the value of every parameter of ``signature``, in order (``*args`` as a
    tuple, ``**kwargs`` as a dict), raising Python's own ``TypeError`` (naming ``qualname``) for a wrong call."""
    params = list(signature.parameters.values())
    if not all(p.name.isidentifier() and not keyword.iskeyword(p.name) for p in params):
        return _inspect_binder(signature)
    parts: list[str] = []
    for i, p in enumerate(params):
        if p.kind is _P.KEYWORD_ONLY and not any(q.kind is _P.VAR_POSITIONAL for q in params[:i]) \
                and (i == 0 or params[i - 1].kind is not _P.KEYWORD_ONLY):
            parts.append("*")
        parts.append({_P.VAR_POSITIONAL: "*", _P.VAR_KEYWORD: "**"}.get(p.kind, "") + p.name)
        if p.kind is _P.POSITIONAL_ONLY and (i + 1 == len(params) or params[i + 1].kind is not _P.POSITIONAL_ONLY):
            parts.append("/")
    names = [p.name for p in params]
    source = f"def bind({', '.join(parts)}):\n    return ({''.join(n + ', ' for n in names)})\n"
    namespace: dict = {}
    exec(compile(source, "<autograph argument binder>", "exec"), namespace)
    bind = namespace["bind"]
    bind.__defaults__ = tuple(p.default for p in params
                              if p.kind in (_P.POSITIONAL_ONLY, _P.POSITIONAL_OR_KEYWORD) and p.default is not _P.empty
                              ) or None
    bind.__kwdefaults__ = {p.name: p.default for p in params
                           if p.kind is _P.KEYWORD_ONLY and p.default is not _P.empty} or None
    bind.__qualname__ = bind.__name__ = qualname  # Python's messages name the function: "f() missing 1 ..."
    return bind


def _inspect_binder(signature: inspect.Signature) -> Callable[..., tuple]:
    """The slow binder, for a signature no ``def`` can spell."""
    def bind(*args: Any, **kwargs: Any) -> tuple:
        bound = signature.bind(*args, **kwargs)
        bound.apply_defaults()
        return tuple(bound.arguments.values())
    return bind


# Classes whose instances are keyed by value / by (shape, dtype). ``key_of`` adds every class it
# keys, so ``fast_key`` never keys a class another way than the general path would.
_BY_VALUE: set = {bool, int, float, complex, str, bytes, type(None)}
_BY_SPEC: set = {np.ndarray}


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
        elif cls in _BY_VALUE:
            key.append((cls, v))
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


def key_of(leaf: Any, where: str, backend: str) -> Any:
    """The trace key of one argument leaf: a ``TensorSpec`` for an array, ``(type, value)`` for a Python value.
    ``where`` names it for errors (``argument 'x'``...)."""
    if isinstance(leaf, (TensorSpec, Tensor)):
        return TensorSpec(leaf.shape, leaf.dtype)
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
        _BY_SPEC.add(leaf.__class__)
        return TensorSpec.from_value(leaf)
    try:
        hash(leaf)
    except TypeError:
        raise TypeError(
            f"{where} is an unhashable {type(leaf).__name__}: autograph.function traces once per value of "
            "each Python argument, so a Python argument must be hashable; pass arrays as NumPy arrays and "
            "containers as tuples, lists or dicts of them (or make the class hashable)") from None
    _BY_VALUE.add(leaf.__class__)
    return (type(leaf), leaf)
