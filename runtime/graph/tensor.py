"""The graph ``Tensor``: what user code holds while a function is traced.

It wraps a ``Value`` of the graph being built and behaves like a NumPy array
whose contents are not known yet: Python operators, methods and NumPy
functions (through ``__array_ufunc__`` / ``__array_function__``) add nodes.
Anything that needs the contents now (``bool(t)``, ``int(t)``, ``iter(t)``)
raises a ``TypeError`` that points at the user's line and at autograph.

Python numbers mixed with tensors follow NumPy 2's weak-scalar rule: they take
the tensor's dtype when they fit its kind (``int32 tensor + 1`` stays int32).
"""

from __future__ import annotations

from typing import Any, Callable, Optional, Sequence

import numpy as np

from runtime.graph import ops
from runtime.graph.builder import current_builder
from runtime.graph.shapes import Ref, normalize_axes, normalize_axis
from runtime.staging import user_location

_WEAK = (bool, int, float, complex)


class Tensor:
    """A value of the graph being traced, typed by ``shape`` (None = unknown dim) and ``dtype``."""

    __slots__ = ("value", "builder")

    def __init__(self, value: Any, builder: Any) -> None:
        self.value = value
        self.builder = builder

    shape = property(lambda self: self.value.shape, doc="A tuple of ints, None for a dim known only at run time.")
    dtype = property(lambda self: self.value.dtype)
    ndim = property(lambda self: len(self.value.shape))

    @property
    def size(self) -> Optional[int]:
        return None if None in self.shape else int(np.prod(self.shape, dtype=np.int64))

    @property
    def T(self) -> Tensor:
        return transpose(self, None)

    def __repr__(self) -> str:
        return f"<Tensor {self.value.type_str}>"

    # --- values that must be concrete ---------------------------------------------------------
    def __bool__(self) -> bool:
        raise concrete_error(self, "bool(tensor) (an `if`, `while`, `and`, `or` or `not` on it)")

    def __int__(self) -> int:
        raise concrete_error(self, "int(tensor)")

    def __float__(self) -> float:
        raise concrete_error(self, "float(tensor)")

    def __complex__(self) -> complex:
        raise concrete_error(self, "complex(tensor)")

    def __index__(self) -> int:
        raise concrete_error(self, "using a tensor as a Python int (range(), list index, ...)")

    def __iter__(self) -> Any:
        raise concrete_error(self, "iterating over a tensor (a `for` loop or unpacking)")

    def __array__(self, dtype: Any = None, copy: Any = None) -> np.ndarray:
        raise concrete_error(self, "converting a tensor to a NumPy array (np.asarray / np.array)")

    def item(self) -> Any:
        raise concrete_error(self, "tensor.item()")

    def __len__(self) -> int:
        if not self.shape:
            raise TypeError("len() of a 0-d tensor")
        if self.shape[0] is None:
            raise concrete_error(self, "len(tensor) of a dimension known only at run time")
        return self.shape[0]

    # --- operators ------------------------------------------------------------------------------
    def __getitem__(self, index: Any) -> Tensor:
        return getitem(self, index)

    __neg__ = lambda self: apply("neg", self)
    __pos__ = lambda self: apply("pos", self)
    __abs__ = lambda self: apply("abs", self)
    __invert__ = lambda self: apply("invert", self)

    def __matmul__(self, other: Any) -> Tensor:
        return apply("matmul", self, other)

    def __rmatmul__(self, other: Any) -> Tensor:
        return apply("matmul", other, self)

    # --- methods --------------------------------------------------------------------------------
    def astype(self, dtype: Any) -> Tensor:
        return cast(self, dtype)

    def reshape(self, *shape: Any) -> Tensor:
        return reshape(self, shape[0] if len(shape) == 1 and not isinstance(shape[0], int) else shape)

    def transpose(self, *axes: Any) -> Tensor:
        return transpose(self, axes[0] if len(axes) == 1 and not isinstance(axes[0], int) else (axes or None))

    def flatten(self) -> Tensor:
        return reshape(self, (-1,))

    ravel = flatten

    def copy(self) -> Tensor:
        return self  # tensors are immutable

    def __array_ufunc__(self, ufunc: np.ufunc, method: str, *inputs: Any, **kwargs: Any) -> Any:
        return array_ufunc(ufunc, method, inputs, kwargs)

    def __array_function__(self, func: Any, types: tuple, args: tuple, kwargs: dict) -> Any:
        return array_function(func, types, args, kwargs)


def _binary(op: str, reflected: bool = False) -> Any:
    if reflected:
        return lambda self, other: NotImplemented if other is None else apply(op, other, self)
    return lambda self, other: NotImplemented if other is None else apply(op, self, other)


for _op, _name in [("add", "add"), ("sub", "sub"), ("mul", "mul"), ("truediv", "truediv"),
                   ("floordiv", "floordiv"), ("mod", "mod"), ("pow", "pow"), ("and", "bitwise_and"),
                   ("or", "bitwise_or"), ("xor", "bitwise_xor"), ("lshift", "left_shift"),
                   ("rshift", "right_shift")]:
    setattr(Tensor, f"__{_op}__", _binary(_name))
    setattr(Tensor, f"__r{_op}__", _binary(_name, reflected=True))
for _name in ("eq", "ne", "lt", "le", "gt", "ge"):
    setattr(Tensor, f"__{_name}__", _binary(_name))
Tensor.__hash__ = None  # like NumPy arrays: == builds a tensor, so tensors are not dict keys


def _reduction_method(op: str) -> Any:
    def method(self: Tensor, axis: Any = None, dtype: Any = None, keepdims: bool = False, **kw: Any) -> Tensor:
        _no_extra_kwargs(f"Tensor.{op}", kw)
        return reduce(op, self, axis, keepdims, dtype)
    method.__name__ = op
    return method


def _arg_method(op: str) -> Any:
    def method(self: Tensor, axis: Optional[int] = None, keepdims: bool = False) -> Tensor:
        return arg_reduce(op, self, axis, keepdims)
    method.__name__ = op
    return method


for _name in ops.REDUCTIONS:
    setattr(Tensor, _name, _reduction_method(_name))
Tensor.argmax, Tensor.argmin = _arg_method("argmax"), _arg_method("argmin")
Tensor.cumsum = lambda self, axis=None, dtype=None: scan("cumsum", self, axis, dtype)
Tensor.cumprod = lambda self, axis=None, dtype=None: scan("cumprod", self, axis, dtype)
Tensor.clip = lambda self, min=None, max=None: clip(self, min, max)


# --- adding nodes -----------------------------------------------------------------------------------

def bind(op: str, inputs: Sequence[Any], **attrs: Any) -> tuple[Tensor, ...]:
    """Append ``op(inputs; attrs)`` to the current graph and return its outputs as tensors.
    Inputs that are not tensors (arrays, numbers) become constants with NumPy's dtype."""
    builder = current_builder()
    if builder is None:
        raise RuntimeError(f"cannot add a {op!r} node: no graph is being traced (a tensor was used after its "
                           "function finished tracing)")
    values = [builder.value_of(t.value, t.builder) for t in
              (x if isinstance(x, Tensor) else constant(x) for x in inputs)]
    return tuple(Tensor(v, builder) for v in builder.add_node(op, values, attrs))


def bind1(op: str, inputs: Sequence[Any], **attrs: Any) -> Tensor:
    (out,) = bind(op, inputs, **attrs)
    return out


def constant(x: Any, dtype: Any = None) -> Tensor:
    """A constant node holding ``np.asarray(x, dtype)`` (read-only, so runs cannot change it)."""
    value = np.array(x, dtype=dtype)
    if value.dtype == object:
        raise TypeError(f"cannot make a graph constant from {type(x).__name__} {x!r}")
    value.flags.writeable = False
    return bind1("constant", [], value=value)


def stands_for_a_tensor(cls: type) -> bool:
    """Whether values of ``cls`` give a graph their tensor through ``__graph_tensor__()`` (as a Variable
    reads itself), the way ``__jax_array__`` works for JAX."""
    return hasattr(cls, "__graph_tensor__")


def as_tensor(x: Any, dtype: Any = None) -> Tensor:
    """``x`` as a tensor of the current graph: tensors pass, variables are read, the rest are constants."""
    if isinstance(x, Tensor):
        return x if dtype is None or x.dtype == np.dtype(dtype) else x.astype(dtype)
    if stands_for_a_tensor(type(x)):
        return as_tensor(x.__graph_tensor__(), dtype)
    return constant(x, dtype)


# --- NumPy's protocols ------------------------------------------------------------------------------
# Ufuncs become their elementwise op (ops.UFUNC_OPS); NumPy functions are looked up in
# NUMPY_FUNCTIONS, which numpy_api and numpy_linalg fill (they import this module, not the reverse).

NUMPY_FUNCTIONS: dict[Callable, Callable] = {}


def unsupported(name: str) -> TypeError:
    return TypeError(f"{name} is not supported in graphs: it was called on a traced tensor, and there is no "
                     "graph op for it (see docs/ir.md for the NumPy functions that are)")


def _public_name(func: Any) -> str:
    module = getattr(func, "__module__", "numpy") or "numpy"
    return module.replace("numpy", "np", 1).replace("._core", "").replace(".core", "") + "." + func.__name__


def _ours(types: Any) -> bool:
    return all(issubclass(t, (Tensor, np.ndarray, np.generic)) or stands_for_a_tensor(t) for t in types)


def array_ufunc(ufunc: np.ufunc, method: str, inputs: tuple, kwargs: dict) -> Any:
    name = f"np.{ufunc.__name__}"
    if method != "__call__":
        raise unsupported(f"{name}.{method}")
    op = ops.UFUNC_OPS.get(ufunc)
    if op is None:
        raise unsupported(name)
    if not _ours(type(x) for x in inputs if hasattr(x, "__array_ufunc__")):
        return NotImplemented
    out, dtype = kwargs.pop("out", None), kwargs.pop("dtype", None)
    if out is not None and any(o is not None for o in (out if isinstance(out, tuple) else (out,))):
        raise TypeError(f"{name}: out= is not supported in graphs (tensors are immutable); use the result")
    if kwargs.pop("where", True) is not True or kwargs:
        raise TypeError(f"{name}: argument(s) {', '.join(kwargs) or 'where'} are not supported in graphs")
    args = list(inputs) if dtype is None else [cast(a, dtype) for a in inputs]
    return apply(op, *args)


def array_function(func: Callable, types: tuple, args: tuple, kwargs: dict) -> Any:
    impl = NUMPY_FUNCTIONS.get(func)
    if impl is None:
        raise unsupported(_public_name(func))
    if not _ours(types):
        return NotImplemented
    return impl(*args, **kwargs)


# --- the building blocks that methods and numpy_api share ---------------------------------------

def is_tensor(x: Any) -> bool:
    return isinstance(x, Tensor)


def apply(op: str, *args: Any) -> Tensor:
    """An elementwise (or matmul) op on tensors, arrays and numbers, with NumPy 2's promotion:
    a Python number takes the dtype NumPy would give it next to the other operands."""
    strong = [_dtype_of(a) for a in args if type(a) not in _WEAK]
    inputs = [constant(a, np.result_type(*strong, a)) if type(a) in _WEAK else a for a in args]
    return bind1(op, [as_tensor(a) for a in inputs])


def _dtype_of(x: Any) -> np.dtype:
    dtype = getattr(x, "dtype", None)  # tensors, arrays, NumPy scalars, variables
    return np.asarray(x).dtype if dtype is None else np.dtype(dtype)


def cast(x: Any, dtype: Any) -> Tensor:
    x = as_tensor(x)
    return x if x.dtype == np.dtype(dtype) else bind1("cast", [x], dtype=np.dtype(dtype))


def reduce(op: str, x: Any, axis: Any = None, keepdims: bool = False, dtype: Any = None) -> Tensor:
    x = as_tensor(x) if dtype is None else cast(x, dtype)
    return bind1(op, [x], axis=normalize_axes(axis, x.ndim), keepdims=bool(keepdims))


def arg_reduce(op: str, x: Any, axis: Optional[int] = None, keepdims: bool = False) -> Tensor:
    x = as_tensor(x)
    return bind1(op, [x], axis=None if axis is None else normalize_axis(axis, x.ndim),
                         keepdims=bool(keepdims))


def scan(op: str, x: Any, axis: Optional[int] = None, dtype: Any = None) -> Tensor:
    x = as_tensor(x) if dtype is None else cast(x, dtype)
    return bind1(op, [x], axis=None if axis is None else normalize_axis(axis, x.ndim))


def reshape(x: Any, shape: Any) -> Tensor:
    x = as_tensor(x)
    shape = (shape,) if isinstance(shape, (int, np.integer)) else tuple(int(d) for d in shape)
    return x if shape == x.shape else bind1("reshape", [x], shape=shape)


def transpose(x: Any, axes: Any = None) -> Tensor:
    x = as_tensor(x)
    axes = tuple(range(x.ndim))[::-1] if axes is None else tuple(normalize_axis(a, x.ndim) for a in axes)
    return x if axes == tuple(range(x.ndim)) else bind1("transpose", [x], axes=axes)


def clip(x: Any, lo: Any, hi: Any) -> Tensor:
    if lo is None and hi is None:
        raise ValueError("clip: one of min or max must be given")
    if lo is None:
        return apply("minimum", x, hi)
    if hi is None:
        return apply("maximum", x, lo)
    return apply("clip", x, lo, hi)


def getitem(x: Tensor, index: Any) -> Tensor:
    """``x[index]`` with ints, slices, None, Ellipsis, integer arrays and tensors (as indices or bounds)."""
    items = index if isinstance(index, tuple) else (index,)
    inputs: list[Tensor] = []

    def place(item: Any) -> Any:
        if item is None or item is Ellipsis or isinstance(item, slice) and item == slice(None):
            return item
        if isinstance(item, (bool, np.bool_)):
            raise IndexError("a Python bool as an index is not supported in graphs")
        if isinstance(item, (int, np.integer)):
            return int(item)
        if isinstance(item, slice):
            return slice(place(item.start), place(item.stop), place(item.step))
        t = as_tensor(item)
        if t.dtype == np.bool_:
            raise IndexError("boolean mask indexing gives a shape known only at run time, which graphs do not "
                             "support; use np.where(mask, x, fill) instead")
        inputs.append(t)
        return Ref(len(inputs) - 1)

    template = tuple(place(it) for it in items)
    if all(isinstance(it, slice) and it == slice(None) for it in template) or template == (Ellipsis,):
        return x
    return bind1("getitem", [x, *inputs], index=template)


def _no_extra_kwargs(name: str, kwargs: dict) -> None:
    extra = {k: v for k, v in kwargs.items() if v is not None and not (k == "where" and v is True)}
    if extra:
        raise TypeError(f"{name}: argument(s) {', '.join(extra)} are not supported in graphs")


# --- errors that point at the user's code ---------------------------------------------------------

def concrete_error(t: Tensor, what: str) -> TypeError:
    return TypeError(
        f"{user_location()}: {what} needs the value of a graph tensor ({t.value.type_str}), but a tensor's "
        "value is not known while tracing, only when the graph runs. If this is an `if`, `while` or `for` "
        "on a tensor, convert the function with autograph (autograph.function or autograph.to_graph) so it "
        "becomes graph control flow (cond / while_loop); otherwise use NumPy functions that work on tensors, "
        "such as np.where instead of an `if`.")
