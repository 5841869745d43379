"""The graph ``Tensor``: what user code holds while a function is traced.

It wraps a ``Value`` of the graph being built and behaves like a NumPy array
whose contents are not known yet: Python operators, methods and NumPy
functions (through ``__array_ufunc__`` / ``__array_function__``) add nodes.
Anything that needs the contents now (``bool(t)``, ``int(t)``, ``iter(t)``)
raises a ``TypeError`` that points at the user's line and at autograph.

Python numbers mixed with tensors follow NumPy 2's weak-scalar rule: they take
the tensor's dtype when they fit its kind (``int32 tensor + 1`` stays int32).

Tensors are mutable, as NumPy arrays are: ``x[i] = v``, ``x += 1``, ``out=`` make
the same Tensor object hold a new graph value (a ``setitem`` node's output), so
every name bound to it sees the write. A basic index (``x[1:]``, ``x[i]``) and a
transpose give a *view*: writing into it writes into its base, and a view read
after its base changed is recomputed from the base. Before::

    u = U[1:-1]
    u += 1
    return U

After (the graph)::

    b:f64[3] = getitem[index=(1:-1)] a
    c:f64[3] = add b 1.0
    d:f64[5] = setitem[index=(1:-1)] a c
      in (d)

Inside a branch or loop body, a write into a tensor of an enclosing graph is kept
in the body's builder (``GraphBuilder.shadows``) and leaves the body as an extra
output; ``control_flow`` / ``loops`` then write it into the outer tensor.
"""

from __future__ import annotations

import collections
import contextlib
import dataclasses
import dis
import functools
import linecache
import operator
import sys
import warnings
from sys import _getframe  # (bound at import: a program may delete or replace sys._getframe)
from typing import Any, Callable, Optional, Sequence

import numpy as np

from runtime.backend import backend_for
from runtime.carry import holds as carry_holds
from runtime.class_lookup import class_attribute
from runtime.graph import (
    asked,
    formatted,
    ops,
    ops_scipy,
    path_aliases,
    path_types,
    power_shortcut,
    python_kinds,
    run_time_errors,
    scalar_writes,
)
from runtime.graph.builder import current_builder, leaked_tensor_error
from runtime.graph.shapes import Ref, normalize_axes, normalize_axis
from runtime.limits import NotOnTensors, UnknownDimension, remember
from runtime.staging import (
    OWN_DIRS,
    NotStageable,
    class_module,
    format_site,
    in_converted_code,
    installed_library,
    is_machinery,  # (the runtime's own files: Tensor.shape answers them with None)
    library_module,
    qualified_name,
    user_frame,
    user_location,
    user_site,
)
from runtime.undefined import is_converted_code

_WEAK = (bool, int, float, complex)


class Tensor:
    """A value of the graph being traced, typed by ``shape`` (None = unknown dim) and ``dtype``.

    ``view`` is ``(base, forward, backward)`` for a view of ``base``: ``forward(base)`` recomputes
    the view, ``backward(base, new)`` is the base with the view's elements replaced by ``new``.
    ``view_kind`` is "view", or "maybe" / "layout" for a result that NumPy may or may not make share
    memory with its base (``reshape`` of a view; ``np.ascontiguousarray`` and the other calls that copy
    only for another memory layout): writing into it, or reading it after its base changed, is an
    error rather than a guess (``_MAYBE_SHARED`` says which)."""

    __slots__ = ("_value", "builder", "_view", "_view_kind", "_version", "_seen", "_array")

    def __init__(self, value: Any, builder: Any, view: Optional[tuple] = None, view_kind: str = "view") -> None:
        self._value = value
        self.builder = builder
        self._view = view
        self._view_kind = view_kind
        self._version = 0  # bumped by every write, so views of this tensor know to recompute
        self._seen = None if view is None else view[0].stamp()
        # What the tensor stands for, where that is not what made its value (see ``stands_for_scalar``): True an
        # ndarray (written into, np.asarray's, a 0-d array argument), False a NumPy scalar (a copy of one),
        # SCALAR_ARGUMENT an argument passed as one, a _NumPysAnswer for a NumPy function's 0-d result (NumPy's own
        # function asked when a program asks), UNTOLD where it could not be asked, None as its value's op says.
        self._array: Any = None

    def stamp(self) -> tuple:
        """Changes whenever this tensor or anything it is a view of is written."""
        return (self._version, None if self._view is None else self._view[0].stamp())

    def ref(self) -> tuple:
        """``(Value, builder)``: what this tensor holds now, seen from the graph being traced (a write
        made inside the current branch or loop body, or a view recomputed after its base changed)."""
        current = current_builder()
        b = current
        while b is not None and b is not self.builder:
            entry = b.shadows.get(id(self))
            if entry is not None:
                value, seen, owner = entry[1], entry[2], b
                break
            b = b.parent
        else:
            value, seen, owner = self._value, self._seen, self.builder
        if self._view is None or current is None:
            return value, owner
        base, forward, _ = self._view
        stamp = base.stamp()
        if seen == stamp:
            return value, owner
        if self._view_kind in _LAYOUT_VIEWS:
            _rely_on_layout(self)
        elif self._view_kind != "view":
            made, _, remedy = _MAYBE_SHARED[self._view_kind]
            raise NotStageable(
                f"{user_location()}: this tensor came from {made}, and the array it was taken from has been written "
                "since; NumPy may or may not have shared memory between them, so the graph cannot tell which value "
                f"to use. {remedy}")
        fresh = forward(base)
        self._keep(fresh, current, base.stamp())
        return fresh._value, current

    def _keep(self, new: Tensor, builder: Any, seen: Any) -> None:
        """Hold ``new`` (a tensor of ``builder``, the current graph) from now on, as seen from ``builder``."""
        value = builder.value_of(*new.ref())
        if builder is self.builder:
            self._value, self._seen = value, seen
        else:
            builder.shadows[id(self)] = (self, value, seen)

    value = property(lambda self: self.ref()[0], doc="The graph Value this tensor holds now.")

    def __getattr__(self, name: str) -> Any:
        # Only names the class lacks reach here: say so plainly when NumPy arrays (or the number a 0-d tensor
        # stands for) have it.
        if hasattr(np.ndarray, name) and not name.startswith("__"):
            error = missing_array_attribute(name)
        else:
            python_kind = _PYTHON_NUMBERS.get(self.value.dtype.kind) if not self.value.shape else None
            kinds = (python_kind, self.value.dtype.type) if python_kind is not None else ()
            # A 0-d tensor may stand for a Python number or a NumPy scalar (`float(t)`, `x[0]`), whose methods a
            # 0-d array lacks: eager code would find the method where the graph raised AttributeError. (One known
            # to stand for a NumPy scalar, `x[0]`, has its NumPy type's methods only.)
            if (name.startswith("_") or not any(hasattr(kind, name) for kind in kinds)
                    or ((scalar := stands_for_scalar(self)) is not None and not hasattr(kinds[1], name))):
                raise AttributeError(f"'Tensor' object has no attribute {name!r}")
            if name == "is_integer" and scalar and self.value.dtype.kind in "fiu":  # (NumPy's is_integer)
                return functools.partial(_is_integer, self)
            error = NotOnTensors(f"{user_location()}: .{name} of a 0-d graph tensor, which stands for a Python "
                                 "number or a NumPy scalar: graphs do not compute it; compute it with NumPy "
                                 "functions, or outside the traced function")
        # Asked by the program's own code (not NumPy's or the standard library's probes), the answer hasattr or a
        # default would make of the error is not eager's: a refusal the trace remembers.
        if not is_machinery(_getframe(1).f_code.co_filename):
            remember(error)
        raise error

    @property
    def shape(self) -> tuple:
        """A tuple of ints. A dim known only at run time is None for the runtime's own code, and for the user's
        code a ``PyNumber``: the dim's value when the graph runs (a ``dim`` node), usable as the Python int NumPy
        gives (``x.shape[0] - 1``, ``if x.shape[0] > 1:``), never a None that would take another path."""
        shape = self.value.shape
        if None in shape and not is_machinery(_getframe(1).f_code.co_filename):
            return user_shape(self)
        return shape

    @shape.setter
    def shape(self, new_shape: Any) -> None:
        # NumPy reshapes the array object itself (names bound to it see the new shape, its views keep theirs);
        # a graph value has one shape for good.
        raise NotStageable(f"{user_location()}: `x.shape = {new_shape!r}` reshapes a NumPy array in place, which a "
                           "graph tensor cannot do (a graph value keeps its shape): write `x = x.reshape(...)` (then "
                           "other names bound to the old array keep its shape)")

    @property
    def dtype(self) -> Any:
        return self.value.dtype

    @dtype.setter
    def dtype(self, new_dtype: Any) -> None:
        # NumPy reinterprets the array object's own bytes (names bound to it see the new dtype, its views keep
        # theirs); a graph value has one dtype for good.
        raise NotStageable(f"{user_location()}: `x.dtype = {getattr(new_dtype, '__name__', new_dtype)!r}` "
                           "reinterprets a NumPy array's bytes in place, which a graph tensor cannot do (a graph value "
                           "keeps its dtype): write `x = x.view(...)` (then other names bound to the old array keep "
                           "its dtype)")

    ndim = property(lambda self: len(self.value.shape))
    device = "cpu"  # (NumPy 2's ndarray.device, the array API's: NumPy's arrays are always on "cpu")

    itemsize = property(lambda self: self.value.dtype.itemsize)

    @property
    def size(self) -> Any:
        """An int; with a dim known only at run time, None for the runtime's own code and a ``PyNumber`` (the
        product of the dims when the graph runs) for the user's (``if x.size:``, ``x.size or 1``)."""
        if None in self.value.shape and is_machinery(_getframe(1).f_code.co_filename):
            return None
        return self._count()

    @property
    def nbytes(self) -> Any:
        """``size * itemsize``: an int, or a ``PyNumber`` with a dim known only at run time (as ``size``)."""
        return self._count() * self.value.dtype.itemsize

    def _count(self) -> Any:
        shape = self.value.shape
        if None not in shape:
            return int(np.prod(shape, dtype=np.int64))
        count: Any = 1
        for i, d in enumerate(shape):
            count = count * (d if d is not None else PyNumber.of(bind1("dim", [self], axis=i)))
        return count

    @property
    def T(self) -> Tensor:
        return _same_kind(self, transpose(self, None))

    def __repr__(self) -> str:
        return f"<Tensor {self.value.type_str}>"

    def __copy__(self) -> Tensor:
        return copy(self)  # (copy.copy of an array copies its elements, as x.copy() does)

    def __reduce_ex__(self, protocol: Any) -> Any:
        # (pickle asked `__class__`, which answers as eager's class, and failed with "args[0] from __newobj__ args
        # has the wrong class", or copyreg's "cannot pickle 'float' object": no line, no way out)
        raise NotStageable(
            f"{user_location()}: pickling a traced value (pickle.dumps, a process pool, a cache that pickles its "
            "keys or values) is not supported while tracing: its value exists only when the graph runs, so no bytes "
            "can stand for it now. Pickle what the function returns, after the call, or keep the pickling outside the "
            "traced function")

    def __deepcopy__(self, memo: dict) -> Tensor:
        return copy(self)

    def __str__(self) -> str:
        # `<Tensor f64[] #1>`: a mark that a graph assertion's message or a print writes the value in at when
        # the graph runs (runtime/graph/formatted.py); elsewhere text (a function returning a string that holds
        # it is refused, autograph/function.py).
        if self.builder is None:
            return repr(self)
        return formatted.mark(self)

    def __format__(self, spec: str) -> str:
        # (An empty spec is str(), as for any object.) A spec asks for digits, which exist only when the graph
        # runs: a 0-d tensor's mark carries the spec, with which an assertion's message or a print writes the value
        # in (runtime/graph/formatted.py); an array of more dimensions takes no spec in NumPy either.
        if not spec:
            return str(self)
        if self.builder is not None and not self.value.shape and "{" not in spec and "}" not in spec:
            return formatted.mark(self, spec)
        if self.builder is not None and self.value.shape:
            raise TypeError("unsupported format string passed to numpy.ndarray.__format__")
        raise NotStageable(f"{user_location()}: format spec {spec!r} of a graph tensor: its digits exist only when "
                           "the graph runs; format the value outside the traced function (or print it when the "
                           "graph runs with autograph.print)")

    # --- values that must be concrete ---------------------------------------------------------
    def __bool__(self) -> bool:
        raise concrete_error(self, "bool(tensor) (an `if`, `while`, `and`, `or` or `not` on it)")

    def __int__(self) -> int:
        raise _number_refusal(self, "int(tensor)")

    def __float__(self) -> float:
        raise _number_refusal(self, "float(tensor)")

    def __complex__(self) -> complex:
        raise _number_refusal(self, "complex(tensor)")

    def __index__(self) -> int:
        # A 0-d integer whose value the graph fixes now (an item of np.arange(n), nothing written into it): Python
        # takes the int once, for this use, so its value is the answer. Any other array of known values answers
        # as NumPy's array does, with its TypeError, which NumPy's indexing takes to read it as an array instead
        # (its values then: __array__).
        known = known_value(self) if self.dtype.kind in "iub" else None
        if known is not None:
            if not self.value.shape and self.dtype.kind in "iu":
                return int(known)
            raise TypeError("only integer scalar arrays can be converted to a scalar index")
        raise concrete_error(self, "using a tensor as a Python int (range(), a list or NumPy array index: for those "
                                   "use np.take(array, tensor), a gather that graphs support)")

    def __iter__(self) -> Any:
        # With its leading dim known while tracing, a tensor iterates as an array does: t[0], t[1], ...
        # (unpacking, zip, sum, comprehensions: what the converter leaves to Python). A converted `for`
        # over a tensor never gets here: the graph backend stages it as one loop.
        if not self.shape:
            raise TypeError("iteration over a 0-d array")
        if self.shape[0] is None:
            raise concrete_error(self, "iterating over a tensor whose length is known only at run time (a `for` "
                                 "loop or unpacking)")
        return (self[i] for i in range(self.shape[0]))

    def __array__(self, dtype: Any = None, copy: Any = None) -> np.ndarray:
        # (Not even a constant's values: a library may keep the array it made, and read it after a later write
        # into the tensor, which it would then not see.)
        if _indexing_in(_getframe(1)):  # NumPy asks an index for its array: `a[i]` of a NumPy array `a`
            # An index whose values the graph fixes now (np.arange(4)[1:3], nothing written into it): NumPy reads
            # it once, for this read, and keeps nothing of it, so its values are the answer.
            known = known_value(self)
            if known is not None:
                return np.array(known, dtype=dtype)
            if _running(_getframe(1), _STORES):  # `a[i] = v`: the tensor is the index or the value
                raise _store_refusal(self, _getframe(1))
            # (np.take reads a boolean index as the integers 0 and 1: for a mask, the advice is np.compress.)
            advice = ("np.compress(i, a, axis=0), a graph op for a boolean mask" if self.dtype == np.bool_
                      else "np.take(a, i, axis=0), a gather that graphs support")
            raise NotStageable(
                f"{user_location()}: a NumPy array indexed by a graph tensor (`a[i]`, i a {self.value.type_str}): "
                f"NumPy asks the index for its values, which exist only when the graph runs. Index it with {advice} "
                "(or make `a` where a traced value is in reach: np.zeros and the other constructors make graph "
                "arrays there, which take traced indices).")
        error = concrete_error(self, "converting a tensor to a NumPy array (np.asarray / np.array)")
        if current_builder() is not None and known_value(self) is not None:
            error.args = (error.args[0] + " (This array holds constants: np.zeros, np.identity and the other "
                          "constructors called in a traced function make a graph array, so that writes of traced "
                          "values into it stage. To hand a NumPy array to a library, make it outside the traced "
                          "function, as a global or an argument.)",)
        raise error

    def item(self, *index: Any) -> Any:
        """``x.item()``: NumPy's Python number. While tracing, a constant's is that number; any other is a
        ``PyNumber`` (a Python number known when the graph runs) of the Python type NumPy would give: a float64
        for a float, an int64 for an integer (uint64 beyond int64 is an error when the graph runs), a bool, a
        complex128, so that arithmetic on it promotes as on the Python number."""
        return python_item(self, index)

    def __len__(self) -> int:
        shape = self.value.shape
        if not shape:
            raise TypeError("len() of a 0-d tensor")
        if shape[0] is None:
            raise UnknownDimension(
                f"{user_location()}: len() of a traced array whose length is not known while tracing, only when "
                f"the graph runs ({self.value.type_str}: an input_signature with None, or an op whose size depends "
                "on the data, such as np.where(cond), np.nonzero or x[mask]): Python's len() must return an int "
                "now. Write x.shape[0] instead: the length as a graph value, which works in arithmetic, "
                "comparisons, `if`, and `for i in range(x.shape[0])` in a function autograph converts. Or give the "
                "input_signature a fixed size, or select with np.where(cond, x, fill) to keep the size fixed")
        return shape[0]

    # --- operators ------------------------------------------------------------------------------
    def __getitem__(self, index: Any) -> Tensor:
        return getitem(self, index)

    def __setitem__(self, index: Any, value: Any) -> None:
        if written_scalar(self):  # (a NumPy scalar is immutable)
            raise TypeError(f"'numpy.{self.dtype.type.__name__}' object does not support item assignment")
        setitem(self, index, value)

    __neg__ = lambda self: operator_apply("neg", self)
    __pos__ = lambda self: operator_apply("pos", self)
    __abs__ = lambda self: operator_apply("abs", self)
    __invert__ = lambda self: operator_apply("invert", self)

    def __matmul__(self, other: Any) -> Tensor:
        if _defers_to(self, other):
            return NotImplemented
        return apply("matmul", self, other)

    def __rmatmul__(self, other: Any) -> Tensor:
        return apply("matmul", other, self)

    # --- methods --------------------------------------------------------------------------------
    def astype(self, dtype: Any, order: str = "K", casting: str = "unsafe", subok: bool = True,
               copy: bool = True) -> Tensor:
        # NumPy's checks of the dtype, order and casting rule, on one element of self's dtype (its own errors)
        np.zeros(1, self.dtype).astype(dtype, order, casting, subok, copy)
        if np.dtype(dtype) == self.dtype:
            # NumPy's astype copies even to the same dtype (a write into the result must not reach self), unless
            # copy=False, which gives self itself where its layout meets the order.
            if not copy and order_name(order) != "K" and layouts_differ(self.shape):
                raise NotStageable(f"{user_location()}: astype(..., order={order!r}, copy=False): whether NumPy "
                                   "gives the array itself depends on its memory layout, which a graph does not fix; "
                                   "leave copy out (True) or the order (K)")
            return _copy(laid_out_like(self, self, order)) if copy else self
        made = cast(self, dtype)  # (in self's layout, as NumPy's order="K")
        return _same_kind(self, laid_out_like(made, made, order))

    def reshape(self, *shape: Any, order: str = "C", copy: Any = None) -> Tensor:
        return _same_kind(self, reshape_in_order(
            self, shape[0] if len(shape) == 1 and not isinstance(shape[0], int) else shape, order, copy))

    def transpose(self, *axes: Any) -> Tensor:
        return _same_kind(self, transpose(
            self, axes[0] if len(axes) == 1 and not isinstance(axes[0], int) else (axes or None)))

    def flatten(self, order: str = "C") -> Tensor:
        return copy(reshape_in_order(self, (-1,), order, name="flatten"))

    def ravel(self, order: str = "C") -> Tensor:
        return reshape_in_order(self, (-1,), order, name="ravel")

    def copy(self, order: str = "C") -> Tensor:
        # C by default (``x.T.copy()`` is C-ordered under NumPy), None too: the method's default, as NumPy reads it.
        return copy(laid_out_like(self, self, "C" if order is None else order))

    def fill(self, value: Any) -> None:
        if written_scalar(self):
            return  # (NumPy's scalar fill changes nothing: a NumPy scalar is immutable)
        if self.dtype.kind in "iu":  # (a scalar is written as at a basic index: NumPy's integer, or its error)
            value = integer_scalar_write(self.dtype, value)
            if value is REFUSED:
                return
        assign_in_place(self, value)

    def __array_ufunc__(self, ufunc: np.ufunc, method: str, *inputs: Any, **kwargs: Any) -> Any:
        return array_ufunc(ufunc, method, inputs, kwargs)

    @property
    def __class__(self) -> type:  # noqa: F811  (what isinstance() asks when the type itself does not answer)
        """The class of what the tensor stands for in eager NumPy (``np.ndarray``, or the NumPy scalar type of an
        element or a reduction: ``eager_class``), asked by any code but the runtime's and the converter's own. So
        ``isinstance(x, np.ndarray)``, ``isinstance(s, float)``, ``np.isscalar`` and ``functools.singledispatch``
        answer in code autograph did not convert (a constructor, a property, a library) as they do eagerly, and as
        converted code's ``isinstance`` does (runtime/graph/builtins.py). ``type(x)`` cannot be answered so: only
        converted code's is."""
        module = _getframe(1).f_globals.get("__name__")
        if type(module) is str and (module.startswith(_OWN_MODULES) or module in ("runtime", "autograph")):
            return type(self)
        return eager_class(self, "isinstance() (or x.__class__)")

    def __array_function__(self, func: Any, types: tuple, args: tuple, kwargs: dict) -> Any:
        return array_function(func, types, args, kwargs)


_OWN_MODULES = ("runtime.", "autograph.")
_PYTHON_NUMBER_TYPES = python_kinds.PYTHON_TYPES  # the Python number a PyNumber of each dtype kind stands for
# Exactly these types (a NumPy scalar is a float or complex subclass, and no Python number).
PYTHON_NUMBERS = frozenset(_PYTHON_NUMBER_TYPES.values())


def eager_class(t: Tensor, asked: str) -> type:
    """The class of what ``t`` stands for in eager NumPy: ``np.ndarray`` for an array (a 0-d one too, where the
    graph knows it is one: ``stands_for_scalar``), the NumPy scalar type for a 0-d tensor known to be a scalar
    (an element ``x[i]``, a ufunc's or a reduction's result), the Python number type for a ``PyNumber``. A 0-d
    tensor the graph cannot tell (an argument, which a call may pass as either) is refused, ``asked`` naming
    what wanted to know, and so is one whose class depends on the path a run takes (``r = 0`` or ``r = 2.5`` in a
    staged ``if``: runtime/graph/path_types.py)."""
    found = path_record(t)
    if found is not None:
        classes = {None if k is None else k.python or (np.ndarray if k.scalar is False else
                                                        k.dtype.type if k.scalar else None) for k in found.kinds}
        if len(classes) > 1 or None in classes:
            raise NotStageable(found.refusal(f"{asked} at {user_location()} asks its class, which is not the same "
                                             "on every path"))
        return classes.pop()
    if type(t) is PyNumber:
        if not certain_number(t):
            raise NotStageable(f"{user_location()}: {asked} of a Python number whose type depends on the path the "
                               "graph takes (max / min of an int and a float, a staged `if` or loop that leaves "
                               "either): give it one type on every path (float(v) or int(v))")
        return _PYTHON_NUMBER_TYPES[t.dtype.kind]
    scalar = False if t.ndim > 0 else stands_for_scalar(t)
    if scalar is None:
        raise NotStageable(f"{user_location()}: {asked} of a 0-d graph tensor: it stands for a NumPy scalar "
                           f"({t.dtype.type.__name__}) or a 0-d array (np.ndarray), and the graph cannot tell which; "
                           "test the dtype (x.dtype.kind) or the shape (x.ndim) instead")
    return t.dtype.type if scalar else np.ndarray


def _defers_to(self: Tensor, other: Any) -> bool:
    """Whether NumPy's forward operator (``a * other`` of the array or NumPy scalar ``self`` stands for) gives
    ``other``'s reflected method the operation, returning NotImplemented (numpy's ``binop_should_defer``, NEP 13):
    where ``other``'s class sets ``__array_ufunc__ = None`` ("my reflected methods handle NumPy's values":
    spatialmath's poses), or, where it has no ``__array_ufunc__``, where its ``__array_priority__`` is above the
    array's (0) or the scalar's (-1000000), where it is the program's class (a library's, JAX's arrays, stays a
    constant of the graph). Python's and NumPy's own values, and a backend's, never."""
    cls = type(other)
    if cls in _NEVER_DEFERRED or isinstance(other, (np.ndarray, np.generic, Tensor)) or backend_for(other) is not None:
        return False
    ufunc = class_attribute(cls, "__array_ufunc__", _NO_ATTRIBUTE)
    if ufunc is not _NO_ATTRIBUTE:
        return ufunc is None
    if library_module(class_module(cls)):
        # (A library's type with a priority, a JAX array: its reflected method would be handed the graph's tensor,
        # which it cannot take; NumPy's answer is the library's value, which a graph does not give either. It stays
        # a constant of the graph, as before stop 98.)
        return False
    try:
        priority = float(other.__array_priority__)  # (NumPy reads the object's own attribute, as here)
    except Exception:  # noqa: BLE001  (none, or not a number: NumPy's default, the scalar's priority)
        return False
    if self.ndim or type(self) is PyNumber or (priority > 0.0) == (priority > _SCALAR_PRIORITY):
        return priority > 0.0  # (an array's answer, or the same for an array and a NumPy scalar)
    which = stands_for_scalar(self)
    if which is None:
        raise NotStageable(f"{user_location()}: an operator between a 0-d graph tensor and a {cls.__name__}, whose "
                           f"__array_priority__ ({priority:g}) NumPy defers to for a NumPy scalar but not for a 0-d "
                           "array, and the graph cannot tell which this tensor stands for; call the "
                           f"{cls.__name__}'s method for it, or make the tensor an array (np.asarray) or a scalar")
    return priority > (_SCALAR_PRIORITY if which else 0.0)


# Python's own values (numpy's _is_basic_python_type), which NumPy never defers to; and NumPy's scalar priority.
_NEVER_DEFERRED = frozenset({type(None), bool, int, float, complex, str, bytes, list, tuple, dict, slice,
                             type(Ellipsis)})
_SCALAR_PRIORITY = -1000000.0
_NO_ATTRIBUTE = object()


def _binary(op: str, reflected: bool = False) -> Any:
    def method(self: Tensor, other: Any) -> Any:
        if other is None:
            return NotImplemented
        if not reflected and _defers_to(self, other):
            return NotImplemented
        if isinstance(other, _SEQUENCES) and self.ndim == 0:
            _python_sequence_operand(self, other, op, reflected)
        if op == "pow" and reflected and power_shortcut.OLD_SHORTCUT and type(other) is np.ndarray:
            return _old_power(constant(other), self, False, other_is_array=True)  # (an array ** a 0-d tensor)
        return operator_apply(op, other, self) if reflected else operator_apply(op, self, other)
    return method


# Python's sequences: `*` by an int repeats them (`[0.0] * n`) and Python's numbers take no other operator with
# them, where NumPy's arrays broadcast them elementwise.
_SEQUENCES = (list, tuple, str, bytes, bytearray)
# Python's operator for each op ``_binary`` makes (to ask Python what a number does with a sequence).
_PYTHON_OPERATORS = {"add": operator.add, "sub": operator.sub, "mul": operator.mul, "truediv": operator.truediv,
                     "floordiv": operator.floordiv, "mod": operator.mod, "pow": operator.pow,
                     "bitwise_and": operator.and_, "bitwise_or": operator.or_, "bitwise_xor": operator.xor,
                     "left_shift": operator.lshift, "right_shift": operator.rshift, "lt": operator.lt,
                     "le": operator.le, "gt": operator.gt, "ge": operator.ge}


def _python_sequence_operand(t: Tensor, sequence: Any, op: str, reflected: bool) -> None:
    """A Python sequence operand of a 0-d tensor. A Python number known at run time (``PyNumber``) does what Python
    does: its own TypeError (``[1.0] + n``, ``n < [1, 2]``), asked of Python with a stand-in number; NumPy's
    elementwise answer would be silently wrong. ``*`` repeats the sequence: ``_refuse_sequence_repeat``."""
    if op == "mul":
        _refuse_sequence_repeat(t, sequence)
        return
    if type(t) is PyNumber:
        stand_in = PYTHON_EXAMPLE[t.dtype.kind]
        python = _PYTHON_OPERATORS[op]
        python(sequence, stand_in) if reflected else python(stand_in, sequence)  # (raises Python's TypeError)


def _refuse_sequence_repeat(t: Tensor, sequence: Any) -> None:
    """``[v] * n`` (or ``n * (v,)``) with ``n`` a 0-d tensor standing for a Python number or a NumPy scalar, which
    leave a sequence to Python's repetition (``[1.5] * np.int64(3)`` is ``[1.5, 1.5, 1.5]``; a 0-d array multiplies
    elementwise: ``array([4.5])``): an integer's repetition needs its value, another number's is Python's
    TypeError. Returns for a 0-d array (elementwise, as NumPy)."""
    what = f"{type(sequence).__name__} * n"
    if type(t) is PyNumber:
        if t.dtype.kind == "f" or t.dtype.kind == "c":
            operator.mul(sequence, PYTHON_EXAMPLE[t.dtype.kind])  # (Python's TypeError: a float repeats nothing)
        raise _needs_number(t, f"repeating a {type(sequence).__name__} by it ({what})")
    scalar = stands_for_scalar(t)
    if scalar is False:
        return
    if scalar and t.dtype.kind not in "iu":
        raise TypeError(f"can't multiply sequence by non-int of type 'numpy.{t.dtype.type.__name__}'")
    raise NotStageable(
        f"{user_location()}: a {type(sequence).__name__} times a 0-d graph tensor ({what}): "
        + ("the tensor stands for a NumPy integer, by which Python repeats the sequence n times (as for an int), "
           "so the result's length is the tensor's value, which exists only when the graph runs"
           if scalar else
           "NumPy repeats the sequence for a NumPy integer scalar and multiplies elementwise for a 0-d array, and "
           "the graph cannot tell which this tensor stands for")
        + ". Make the repetition a NumPy array of a size known while tracing (np.full(size, v) with a constant "
          "size, np.where(np.arange(size) < n, v, fill)), or compute n outside the traced function")


for _op, _name in [("add", "add"), ("sub", "sub"), ("mul", "mul"), ("truediv", "truediv"),
                   ("floordiv", "floordiv"), ("mod", "mod"), ("pow", "pow"), ("and", "bitwise_and"),
                   ("or", "bitwise_or"), ("xor", "bitwise_xor"), ("lshift", "left_shift"),
                   ("rshift", "right_shift")]:
    setattr(Tensor, f"__{_op}__", _binary(_name))
    setattr(Tensor, f"__r{_op}__", _binary(_name, reflected=True))
for _name in ("lt", "le", "gt", "ge"):
    setattr(Tensor, f"__{_name}__", _binary(_name))

# What NumPy compares elementwise as numbers (anything else it compares as an object, or not at all).
_NUMERIC_OPERANDS = (bool, int, float, complex, np.generic, np.ndarray, list, tuple)


def _equality(op: str, compare: Callable) -> Any:
    """``x == other`` / ``x != other``. Against an object NumPy's comparison loops do not take (None, a string, a
    dict, any object), NumPy gives one answer for every element (``np.array([1.0]) == "mean"`` is
    ``array([False])``; a NumPy scalar's ``== None`` is Python's ``False``, a 0-d array's ``np.False_``): it is
    asked of NumPy on a one-element stand-in of ``x``'s dtype, and the answer fills ``x``'s shape."""
    def method(self: Tensor, other: Any) -> Any:
        if isinstance(other, _NUMERIC_OPERANDS) or is_tensor_like(other) or self.dtype.kind in "USO":
            return operator_apply(op, self, other)
        if _defers_to(self, other):
            return NotImplemented
        if type(self) is PyNumber:  # a Python number known at run time: Python's own answer (identity: False)
            return NotImplemented
        if self.ndim:
            answer = compare(np.zeros((1,) * self.ndim, self.dtype), other).reshape(())
            return bind1("full_like", [self], fill_value=answer, dtype=answer.dtype)
        scalar, array = compare(self.dtype.type(0), other), compare(np.zeros((), self.dtype), other)
        if type(scalar) is type(array):
            return array
        which = stands_for_scalar(self)
        if which is None:
            raise NotStageable(f"{user_location()}: {'==' if op == 'eq' else '!='} {type(other).__name__} of a 0-d "
                               f"graph tensor: NumPy's answer is {scalar!r} for a NumPy scalar and {array!r} for a "
                               "0-d array, and the graph cannot tell which this tensor stands for; compare with "
                               "`is` (`x is None`) or test isinstance(other, ...) instead")
        return scalar if which else array
    return method


Tensor.__eq__ = _equality("eq", lambda a, b: a == b)
Tensor.__ne__ = _equality("ne", lambda a, b: a != b)


def _power(self: Tensor, exponent: Any, in_place: bool = False) -> Any:
    """``x ** p`` as NumPy computes it: an array of floats or complex numbers raised to the Python int 2 or -1,
    or the Python float 0.5, is ``np.square`` / ``np.reciprocal`` / ``np.sqrt`` of it (number.c's
    fast_scalar_power), which for complex numbers (and ``-0.0 ** 0.5``) differ from ``np.power`` in the last
    bits. A NumPy scalar takes no shortcut: a 0-d tensor stands for one (what ``np.sum`` returns). NumPy before
    2.3 takes a wider shortcut, with a dtype of its own: ``_old_power``."""
    if exponent is None or (not in_place and _defers_to(self, exponent)):
        return NotImplemented
    if power_shortcut.OLD_SHORTCUT:
        return _old_power(self, exponent, in_place)
    is_array = self.ndim > 0 or stands_for_scalar(self) is False
    if is_array and self.dtype.kind == "b" and type(exponent) is int and exponent == 2:
        return apply("square", self)  # (the same shortcut: np.square of booleans is int8, np.power's int64)
    if is_array and self.dtype.kind in "fc":
        if type(exponent) is int and exponent in (2, -1):
            return apply("square" if exponent == 2 else "reciprocal", self)
        if type(exponent) is float and exponent == 0.5:
            return apply("sqrt", self)
    return operator_apply("pow", self, exponent)


Tensor.__pow__ = _power


def _old_power(base: Tensor, exponent: Any, in_place: bool, other_is_array: Optional[bool] = None) -> Tensor:
    """``base ** exponent`` (``**=`` when ``in_place``) as NumPy before 2.3 computes it (runtime/graph/
    power_shortcut.py): where eager ``base`` is an ``np.ndarray`` and ``exponent`` scalar-like, the unary op the
    exponent's value picks, in its own dtype; else ``np.power``. With the exponent's value known only when the graph
    runs, the shortcut's values are chosen by it when the run does (``np.where``); where its dtype would differ
    from ``np.power``'s, eager's dtype is the value's, which a graph cannot give: refused."""
    if type(base) is PyNumber:  # (a Python number: Python's power)
        return operator_apply("pow", base, exponent)
    scalar = None if base.ndim or other_is_array is not None else stands_for_scalar(base)
    is_array = other_is_array if other_is_array is not None else True if base.ndim else None if scalar is None \
        else not scalar
    scalar_like = _scalar_like_exponent(exponent)
    if base.dtype == object or scalar_like is None or is_array is False:
        return operator_apply("pow", base, exponent)
    is_float, value = scalar_like
    if value is not None and is_array:
        shortcut = power_shortcut.old_shortcut(base.dtype, is_float, value, in_place)
        return operator_apply("pow", base, exponent) if shortcut is None else _shortcut_power(base, shortcut)
    power = operator_apply("pow", base, exponent)
    options = power_shortcut.candidates(base.dtype, is_float, in_place)
    if value is not None:
        options = [(v, s) for v, s in options if v == value]
    dtypes = {power_shortcut.shortcut_dtype(base.dtype, s) for _, s in options}
    castable = not in_place or np.can_cast(power.dtype, base.dtype, "same_kind")
    if options and (dtypes != {power.dtype} or not castable):
        fast = " or ".join(sorted({d.name for d in dtypes}))
        raise NotStageable(
            f"{user_location()}: `**` of {'an array' if is_array else 'a 0-d value that may be an array'} of "
            f"{base.dtype.name} and a scalar exponent: NumPy {np.__version__} gives {fast} when the exponent is "
            f"{', '.join(f'{v:g}' for v, _ in options)} (its shortcut, numpy/numpy#27082) and np.power's "
            f"{power.dtype.name} otherwise, a dtype that depends on "
            f"{'the exponent' if value is None else 'whether the 0-d value is an array'}, which a graph cannot "
            "give. Write np.power(x, p) for NumPy's promotion, or cast the exponent to the array's dtype; NumPy "
            "2.3 and later have no such shortcut")
    if not is_array:
        return power  # (a 0-d value taken for the NumPy scalar it most often is: the same dtype either way)
    if base.ndim == 0 and any(to_float64 for _, (_, to_float64) in options):
        raise NotStageable(
            f"{user_location()}: `**` of a 0-d integer array and a float exponent known only when the graph runs: "
            f"NumPy {np.__version__} gives a 0-d array when the exponent is 2 (its shortcut, numpy/numpy#27082) and "
            "a NumPy scalar otherwise, which a graph cannot give. Write np.power(x, p), or take x[()] first")
    for v, shortcut in options:
        power = apply("where", apply("eq", exponent, v), _shortcut_power(base, shortcut), power)
    if power.ndim == 0:
        power._array = False  # (a ufunc's 0-d result, either way: a NumPy scalar, not np.where's 0-d array)
    return power


def _scalar_like_exponent(exponent: Any) -> Optional[tuple[bool, Optional[float]]]:
    """Whether NumPy before 2.3 takes ``exponent`` for a scalar exponent (number.c's is_scalar_with_conversion):
    (whether a float, its value or None where only a run of the graph knows it), or None."""
    if isinstance(exponent, Tensor):
        kind = exponent.dtype.kind
        if exponent.ndim or kind not in "biuf" or (kind == "b" and type(exponent) is not PyNumber
                                                    and not stands_for_scalar(exponent)):
            return None  # (a 0-d bool array is no scalar to it; a NumPy bool is one, by its __index__)
        known = known_value(exponent)
        return kind == "f", None if known is None else float(known)
    if isinstance(exponent, np.ndarray):
        ok = exponent.ndim == 0 and exponent.dtype.kind in "iuf"
        return (exponent.dtype.kind == "f", float(exponent)) if ok else None
    if isinstance(exponent, (bool, int, np.integer, np.bool_)):
        return False, float(exponent)
    if isinstance(exponent, (float, np.floating)):
        return True, float(exponent)
    return None


def _shortcut_power(base: Tensor, shortcut: tuple[str, bool]) -> Tensor:
    """The unary op NumPy's old ``**`` shortcut runs instead of ``np.power`` (``power_shortcut.old_shortcut``)."""
    op, to_float64 = shortcut
    if to_float64:  # (squared in place in the cast's copy: a 0-d array stays one)
        squared = apply(op, cast(base, np.float64))
        squared._array = True
        return squared
    if op == "ones_like":
        return apply("pow", base, np.zeros((), base.dtype))  # (x ** 0 is 1 for every x, nan too: ones in x's dtype)
    return apply(op, base)


def _in_place(op: str) -> Any:
    """``x op= y`` on a tensor: NumPy's ``op(x, y, out=x)``, whose result must keep x's shape and
    cast to x's dtype under the same_kind rule. A 0-d tensor stands for a NumPy scalar (what
    ``np.sum`` returns), which is immutable: there ``x op= y`` rebinds ``x``, as ``x = x op y``."""
    def method(self: Tensor, other: Any) -> Any:
        if other is None:
            return NotImplemented
        result = _power(self, other, in_place=True) if op == "pow" else operator_apply(op, self, other)
        if self.ndim == 0:
            scalar = stands_for_scalar(self)
            if scalar or (scalar is None and result.ndim == 0):  # (a NumPy scalar's result may be an array: x[0] *= x)
                return result  # (a 0-d ndarray, np.zeros(()) or np.asarray(s), is updated in place as NumPy does)
        write_result(self, result, f"np.{ops.ELEMENTWISE.get(op, np.matmul).__name__}")
        return self
    return method


for _op, _name in [("add", "add"), ("sub", "sub"), ("mul", "mul"), ("truediv", "truediv"),
                   ("floordiv", "floordiv"), ("mod", "mod"), ("pow", "pow"), ("and", "bitwise_and"),
                   ("or", "bitwise_or"), ("xor", "bitwise_xor"), ("lshift", "left_shift"),
                   ("rshift", "right_shift"), ("matmul", "matmul")]:
    setattr(Tensor, f"__i{_op}__", _in_place(_name))


# Ops whose 0-d result NumPy always returns as a scalar: ufuncs, reductions, argmax/argmin, a dot of vectors.
SCALAR_OPS = frozenset(ops.ELEMENTWISE) | frozenset(ops.REDUCTIONS) | {"argmax", "argmin", "matmul"}


_GENERATOR_FLAGS = 0x20 | 0x200  # CO_GENERATOR, CO_ASYNC_GENERATOR (inspect's)
# (3.12 writes `a[i:j] = v` as STORE_SLICE.)
_SUBSCRIPTS = frozenset(dis.opmap[name] for name in ("BINARY_SUBSCR", "STORE_SUBSCR", "STORE_SLICE")
                        if name in dis.opmap)
_STORES = frozenset(dis.opmap[name] for name in ("STORE_SUBSCR", "STORE_SLICE") if name in dis.opmap)


_CONTAINS = frozenset({dis.opmap["CONTAINS_OP"]} if "CONTAINS_OP" in dis.opmap else ())
# `"%.3f" % x` (and `%=`): BINARY_OP with NB_REMAINDER or NB_INPLACE_REMAINDER from 3.11, the two opcodes before.
_PERCENT_OPS = ({(dis.opmap["BINARY_OP"], 6), (dis.opmap["BINARY_OP"], 19)} if "BINARY_OP" in dis.opmap else
                {(dis.opmap[name], None) for name in ("BINARY_MODULO", "INPLACE_MODULO")})


def _percent_format(frame: Any) -> bool:
    """Whether ``frame`` is running ``%`` (with a str on its left, ``"%.3f" % x`` asks float(x))."""
    try:
        op, arg = frame.f_code.co_code[frame.f_lasti:frame.f_lasti + 2]
    except (AttributeError, ValueError):
        return False
    return (op, arg) in _PERCENT_OPS or (op, None) in _PERCENT_OPS


def _frames_in(package: str, user: Any, start: Any) -> list:
    """The frames of ``package``'s modules (``numpy.ma``) from ``start`` out to ``user``'s frame (not included),
    innermost first."""
    found, frame = [], start
    while frame is not None and frame is not user:
        name = frame.f_globals.get("__name__")
        if type(name) is str and (name == package or name.startswith(package + ".")):
            found.append(frame)
        frame = frame.f_back
    return found


def _called_from(package: str, user: Any) -> bool:
    """Whether a frame of ``package`` (``numpy.ma``) stands between the caller's caller and ``user``'s frame."""
    return bool(_frames_in(package, user, _getframe(2)))


def _numpy_caller(user: Any) -> Optional[str]:
    """``numpy.ndenumerate.__init__``: the outermost frame of NumPy's own Python code between the caller's caller
    and ``user``'s frame (the NumPy function the user's line called), or None."""
    frames = [frame for frame in _frames_in("numpy", user, _getframe(2))
              if not frame.f_globals["__name__"].startswith("numpy.ma")]
    if not frames or user is None:
        return None
    found = frames[-1]
    code = found.f_code
    qualname = getattr(code, "co_qualname", None)  # (3.11+)
    if qualname is None:
        owner = found.f_locals.get("self")
        qualname = f"{type(owner).__name__}.{code.co_name}" if hasattr(type(owner), code.co_name) else code.co_name
    return f"numpy.{qualname}"


def _running(frame: Any, opcodes: frozenset) -> bool:
    """Whether ``frame``'s current instruction is one of ``opcodes``."""
    try:
        return frame.f_code.co_code[frame.f_lasti] in opcodes
    except (AttributeError, IndexError):
        return False


def _indexing_in(frame: Any) -> bool:
    """Whether ``frame`` is running a subscript (``a[i]``, ``a[i] = v``): NumPy called ``__array__`` of a tensor
    from its indexing, the tensor being the index (a tensor indexed is a graph op, and asks nothing)."""
    return _running(frame, _SUBSCRIPTS)


def _number_refusal(t: Tensor, what: str) -> Exception:
    """The refusal of ``int(t)`` / ``float(t)`` / ``complex(t)`` (``what``), asked by the caller of the dunder: where
    that is ``a[i] = t`` into a NumPy array (NumPy asks one element for its number), the write's own refusal."""
    writer = _getframe(2)
    return _store_refusal(t, writer) if _running(writer, _STORES) else concrete_error(t, what)


def _store_refusal(t: Tensor, writer: Any) -> NotStageable:
    """The refusal of ``a[i] = v`` into a NumPy array, ``t`` (a graph tensor) the index or the value: NumPy asked it
    for its values (``__array__``, or ``float()`` / ``int()`` / ``complex()`` for one element). ``writer``: the frame
    running the write, the user's or a library's (NumPy's ``np.mgrid[0:t:5j]`` writes its bounds into the array it
    makes): the message names a write the user did not write as the library's, at its own line."""
    user = user_frame()
    while writer is not None and writer is not user and writer.f_code.co_filename.startswith(OWN_DIRS):
        writer = writer.f_back  # (the runtime's write, in the user's stead: `ag__`'s item writes, its statement's)
    if writer is not None and user is not None and writer is not user:
        code = writer.f_code
        name = getattr(code, "co_qualname", code.co_name)
        source = linecache.getline(code.co_filename, writer.f_lineno).strip()
        return NotStageable(
            f"{user_location()}: `{name}` ({format_site(code.co_filename, writer.f_lineno)}: `{source}`), called "
            f"here, writes a graph tensor ({t.value.type_str}) into a NumPy array: NumPy asks the tensor for its "
            "values, which exist only when the graph runs, and the array cannot hold a tensor. Give the call a graph "
            "array to write into where it takes one (np.zeros and the other constructors make graph arrays in a "
            "traced function) or values known while tracing, or compute the same with graph ops (for np.mgrid / "
            "np.ogrid with traced bounds: np.meshgrid of np.linspace or np.arange, indexing='ij').")
    head = (f"{user_location()}: a NumPy array written with a graph tensor ({t.value.type_str}) as the index or the "
            "value (`a[i] = v`): NumPy asks the tensor for its values, which exist only when the graph runs, and the "
            "array cannot hold a tensor. ")
    reason = _runs_as_written(user)  # (`a` made there by np.zeros is NumPy's: nothing traced it)
    return NotStageable(head + (reason if reason is not None else
                                "Make `a` where a traced value is in reach (np.zeros and the other constructors make "
                                "graph arrays there, which take traced writes; an array held by an object, "
                                "`self.buf[i] = v`, is written as NumPy's: make it a local variable, write it, and "
                                "assign it back), or build the result from tensors (np.where(mask, v, a), np.stack)."))


# The Python type a 0-d tensor may stand for beside its NumPy scalar type (by dtype kind): their methods a 0-d array
# lacks (``float.is_integer``, ``int.bit_length``).
_PYTHON_NUMBERS = {"f": float, "i": int, "u": int, "c": complex, "b": bool}


def _is_integer(t: Tensor) -> Tensor:
    """``x.is_integer()`` of a 0-d tensor standing for a Python float or a NumPy scalar: finite and whole (False for
    inf and NaN, as Python's); a NumPy integer is whole."""
    if t.dtype.kind in "iu":
        return np.equal(t, t)  # (True, staged: the same type of answer as a float's)
    return np.logical_and(np.isfinite(t), np.equal(np.floor(t), t))


def missing_array_attribute(name: str) -> NotOnTensors:
    """The refusal of ``ndarray.<name>``, an array attribute graph tensors do not have, at the user's line."""
    return NotOnTensors(f"{user_location()}: ndarray.{name} is not supported on graph tensors (a traced array has no "
                        f"{name!r}); docs/graph_numpy_functions.md lists what is, or compute it outside the traced "
                        "function")


def stands_for_scalar(t: Tensor) -> Optional[bool]:
    """Whether the 0-d ``t`` stands for a NumPy scalar (True: ``np.float64``) or a 0-d ``np.ndarray`` (False),
    or None where the graph cannot tell (an argument an ``input_signature`` types, which a call may pass as
    either; a JAX array argument). A NumPy scalar is what an element read without ``...`` (``x[0]``), a ufunc
    or a reduction makes, or an argument the call passed as one (its trace key says so: ``TensorSpec.scalar``);
    an array is what ``np.zeros(())`` and the other constructors, ``np.array`` / ``np.asarray``, ``x[..., 0]``,
    a write into it (``out=``, ``a[()] = v``, ``a += v`` on an array), or a call passing a 0-d array make. This
    is the Python object's property, not its value's: ``np.asarray(x[0])`` holds the same value as ``x[0]`` but
    is an array."""
    if type(t._array) is _NumPysAnswer:
        t._array = t._array.is_array()
    if t._array is not None:
        return None if t._array is UNTOLD else True if t._array is SCALAR_ARGUMENT else not t._array
    value, owner = t.ref()
    for node in reversed(owner.nodes):
        if value in node.outputs:
            if node.op == "getitem":
                index = node.attrs["index"]
                if any(it is Ellipsis for it in index):
                    return False
                return True if all(it is not None for it in index) else None
            if node.op == "full":
                return False
            return True if node.op in SCALAR_OPS else None
    return None


def user_shape(x: Tensor) -> tuple:
    """``x.shape`` as the user's code sees it (``np.shape(x)`` too): a dim known only at run time is a ``PyNumber``."""
    return tuple(d if d is not None else PyNumber.of(bind1("dim", [x], axis=i)) for i, d in enumerate(x.value.shape))


def _hash(self: Tensor) -> int:
    """Like NumPy arrays, tensors are not dict keys (``==`` builds a tensor). But a 0-d tensor stands for a
    NumPy scalar (what iterating an array gives), which eager NumPy hashes by its value: a set of them, or
    one as a dict key, needs values a trace does not have, and a program's ``except TypeError:`` must not
    take that for NumPy's answer."""
    if self.ndim:
        raise TypeError("unhashable type: 'Tensor'")
    raise NotStageable(
        f"{user_location()}: hashing a 0-d graph tensor (a set of them, set(zip(x, y)), a dict key): in eager "
        "NumPy it is a scalar hashed by its value, and a tensor's value is known only when the graph runs. "
        "Compute it with array operations instead (x == y, np.isin(x, y), np.sort), or outside the traced "
        "function, on its result.")


Tensor.__hash__ = _hash  # type: ignore[assignment]


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
    if builder is None:  # a tensor kept after its trace ended (a global, a list) is used outside any trace
        leaked = next((x for x in inputs if isinstance(x, Tensor)), None)  # (None: a constant for one, made first)
        raise leaked_tensor_error(None if leaked is None else leaked._value, None if leaked is None else leaked.builder)
    values = []
    for x in inputs:
        t = x if isinstance(x, Tensor) else constant(x)
        value, owner = t.ref()
        if owner is not builder:
            builder.outer_reads[id(t)] = t
        values.append(builder.value_of(value, owner))
    return tuple(Tensor(v, builder) for v in builder.add_node(op, values, attrs))


def bind1(op: str, inputs: Sequence[Any], **attrs: Any) -> Tensor:
    (out,) = bind(op, inputs, **attrs)
    return out


def constant(x: Any, dtype: Any = None) -> Tensor:
    """A constant node holding ``np.asarray(x, dtype)`` (read-only, so runs cannot change it)."""
    value = np.array(x, dtype=dtype)
    if value.dtype == object:
        raise NotStageable(f"cannot make a graph constant from {type(x).__name__} {x!r}")
    value.flags.writeable = False
    return bind1("constant", [], value=value)


def known_value(x: Tensor) -> Optional[np.ndarray]:
    """The values ``x`` holds now when the graph fixes them while tracing (a constant, an array NumPy's
    ``np.zeros`` / ``np.full`` / ``np.arange`` made with nothing written into it since, or a few pure steps from
    those, ``np.arange(4)[2]``, computed as the fold pass computes them: runtime/graph/passes/fold.py), else None."""
    value, owner = x.ref()
    return _known(value, owner.nodes, _KNOWN_DEPTH)


_KNOWN_DEPTH = 4  # pure steps from a constant that known_value computes


def known_in(value: Any, nodes: list) -> Optional[np.ndarray]:
    """``known_value`` of the graph value ``value`` among ``nodes`` (the graph being built's)."""
    return _known(value, nodes, _KNOWN_DEPTH)


run_time_errors.KNOWN_IN[:] = [known_in]  # (an index the trace fixes, in bounds, cannot fail when the graph runs)


def plain_value(x: Any) -> Optional[Any]:
    """What eager code would hold for ``x``, a tensor whose values the trace fixes (``known_value``: an array the
    function made, ``np.zeros(3)``, ``np.arange(n)`` of a Python ``n``), as the Python object eager code makes: a
    fresh writable array, a NumPy scalar where ``x`` stands for one, a Python number for a ``PyNumber``; None for
    a tensor whose values only a run of the graph gives. (A function that keeps such a value in an object that
    outlives its trace, ``if self.W is None: self.W = np.zeros(n)``, leaves the object this, not a tensor.)"""
    if not isinstance(x, Tensor):
        return None
    known = known_value(x)
    if known is None:
        return None
    if type(x) is PyNumber:
        return known.item()
    return known[()] if known.ndim == 0 and stands_for_scalar(x) else np.array(known, copy=True)


def _producer(value: Any, nodes: list) -> Any:
    """The node of ``nodes`` that makes ``value`` (from the end: a value asked about is most often a recent one)."""
    for node in reversed(nodes):
        if value in node.outputs:
            return node
    return None


def _known(value: Any, nodes: list, depth: int) -> Optional[np.ndarray]:
    node = _producer(value, nodes)
    if node is None:
        return None
    if node.op == "constant":
        return node.attrs["value"]
    if node.op == "full" and None not in value.shape:
        made = np.full(value.shape, node.attrs["fill_value"], value.dtype)
        made.flags.writeable = False
        return made
    if depth == 0 or not node.inputs:
        return None
    constants = {}
    for source in node.inputs:
        known = _known(source, nodes, depth - 1)
        if known is None:
            return None
        constants[source] = known
    from runtime.graph.passes import fold  # (the passes import this module)

    return fold.fold_node(node, constants)


_ITEM_TYPES = {"b": np.bool_, "i": np.int64, "u": np.int64, "f": np.float64, "c": np.complex128}


def python_item(x: Tensor, index: tuple) -> Any:
    """``x.item(*index)`` (see ``Tensor.item``)."""
    known = known_value(x)
    if known is not None:
        return known.item(*index)
    if x.dtype.kind not in _ITEM_TYPES:
        raise concrete_error(x, "tensor.item()")
    if not index:
        if x.size is None:
            raise UnknownDimension(f"{user_location()}: x.item() of a tensor whose size is known only when the graph "
                                   "runs: NumPy needs exactly one element, which a graph must know while tracing")
        if x.size != 1:
            raise ValueError("can only convert an array of size 1 to a Python scalar")
        element = reshape(x, ())
    elif len(index) == 1 and not isinstance(index[0], tuple):
        element = getitem(reshape(x, (-1,)), index[0])
    else:
        element = getitem(x, index[0] if len(index) == 1 else index)
    if element.ndim:
        raise ValueError("can only convert an array of size 1 to a Python scalar")
    if element.dtype == np.uint64:
        bind("assert", [element < np.uint64(2 ** 63)], message="Python int beyond int64: a graph holds Python ints "
             "as int64", error=OverflowError, where=user_location())
    number = cast(element, _ITEM_TYPES[x.dtype.kind])
    if number.ref()[0] is x.ref()[0]:  # (x's own value: its Python type may depend on the path, the item's does not)
        number = bind1("cast", [number], dtype=number.dtype)
    return PyNumber.of(number)


# The sequences NumPy makes arrays of that converted code hands it most (a deque: spectrum's `np.array(deque(data))`
# after a rotate).
SEQUENCES = (list, tuple, collections.deque)


def holds_tensor(x: Any) -> bool:
    """Whether ``x`` is a list, tuple or deque with a graph tensor (or a Variable) somewhere inside."""
    return isinstance(x, SEQUENCES) and any(
        is_tensor_like(item) or holds_tensor(item) for item in x)


def is_tensor_like(x: Any) -> bool:
    """Whether ``x`` is a graph tensor, or stands for one (a Variable). (``is_tensor``, below: a tensor only.)"""
    return isinstance(x, Tensor) or stands_for_a_tensor(type(x))


def is_or_holds_tensor(x: Any) -> bool:
    """Whether ``x`` is a graph tensor (or a Variable), or a list or tuple with one somewhere inside: an
    argument a NumPy function must take as a tensor (a list of tensors stacked, as ``np.asarray`` would)."""
    return is_tensor_like(x) or holds_tensor(x)


def nest_array(obj: Any, dtype: Any = None, ndmin: int = 0) -> Tensor:
    """``np.array(obj, dtype, ndmin=ndmin)`` of a nest of lists and tuples holding tensors, arrays and numbers, as
    one tensor: stacked level by level, each part cast to the dtype NumPy's ``array`` gives the whole (asked of
    NumPy itself, with zeros standing in for each tensor, so the shape, the dtype and a ragged nest's error are
    NumPy's own)."""
    def stand_in(x: Any) -> Any:
        if is_tensor_like(x):
            t = as_tensor(x)
            if None in t.value.shape:
                raise NotStageable(f"{user_location()}: np.array of a list holding a tensor whose shape is known "
                                   "only at run time is not supported in graphs; use np.stack or np.concatenate")
            return np.zeros(t.shape, t.dtype)
        return [stand_in(item) for item in x] if isinstance(x, SEQUENCES) else x

    def build(x: Any, dtype: np.dtype) -> Tensor:
        if is_tensor_like(x):
            return cast(x, dtype)
        if holds_tensor(x):
            return bind1("stack", [build(item, dtype) for item in x], axis=0)
        return constant(np.array(x, dtype=dtype))

    reference = np.array(stand_in(obj), dtype=dtype, ndmin=ndmin)
    if reference.dtype.kind not in "biufc":
        raise NotStageable(f"{user_location()}: np.array of these values gives a {reference.dtype} array, which "
                           "graphs do not hold (they hold numbers: bool, int, float, complex)")
    result = build(obj, reference.dtype)
    return reshape(result, reference.shape) if result.shape != reference.shape else result


def stands_for_a_tensor(cls: type) -> bool:
    """Whether values of ``cls`` give a graph their tensor through ``__graph_tensor__()`` (as a Variable
    reads itself), the way ``__jax_array__`` works for JAX."""
    return hasattr(cls, "__graph_tensor__")


def given_as_tensors(args: Any, cls: type) -> list:
    """``args`` with each object of ``cls`` (also inside lists and tuples, as np.stack takes them) replaced by the
    tensor it stands for, its ``__graph_tensor__()``: what a Variable's or an ``x.flat``'s NumPy protocols hand
    NumPy back."""
    def one(x: Any) -> Any:
        if isinstance(x, cls):
            return x.__graph_tensor__()
        if isinstance(x, (list, tuple)):
            return type(x)(one(i) for i in x)
        return x
    return [one(a) for a in args]


def as_tensor(x: Any, dtype: Any = None) -> Tensor:
    """``x`` as a tensor of the current graph: tensors pass, variables are read, the rest are constants."""
    if isinstance(x, Tensor):
        return x if dtype is None or x.dtype == np.dtype(dtype) else x.astype(dtype)
    if stands_for_a_tensor(type(x)):
        return as_tensor(x.__graph_tensor__(), dtype)
    if holds_tensor(x):  # (a list holding tensors: the array np.array makes of it)
        return nest_array(x, dtype)
    return constant(x, dtype)


# --- NumPy's protocols ------------------------------------------------------------------------------
# Ufuncs become their elementwise op (ops.UFUNC_OPS); NumPy functions are looked up in
# NUMPY_FUNCTIONS, which numpy_api and numpy_linalg fill (they import this module, not the reverse).

class FunctionTable(dict):
    """NumPy function -> its graph implementation, each function registered once: a second
    registration is an error here, at import, rather than a silent override that the import order
    of the registering modules decides (issue 32 found sixteen).

    Two replacements are deliberate and allowed: of a placeholder (an entry made by ``setdefault``,
    such as numpy_api's refusals of data-dependent functions, for a later module to replace), and of
    an implementation read from the table first (``base = NUMPY_FUNCTIONS[np.repeat]``: an extension
    that wraps it)."""

    def __init__(self) -> None:
        super().__init__()
        self._replaceable: set = set()

    def setdefault(self, func: Callable, impl: Callable = None) -> Callable:
        if func not in self:
            self._replaceable.add(func)
        return super().setdefault(func, impl)

    def __getitem__(self, func: Callable) -> Callable:
        impl = super().__getitem__(func)  # (array_function reads with .get: this is the registering modules' read)
        self._replaceable.add(func)
        return impl

    def __setitem__(self, func: Callable, impl: Callable) -> None:
        if func in self._replaceable:
            self._replaceable.discard(func)
        elif func in self:
            old = dict.__getitem__(self, func)
            where = getattr(getattr(old, "__code__", None), "co_filename", "?")
            raise ValueError(f"{_public_name(func)} is registered twice in tensor.NUMPY_FUNCTIONS (first by "
                             f"{getattr(old, '__qualname__', old)} in {where}): keep one implementation and "
                             "delete the other (or, to extend it, read it from the table first and call it)")
        super().__setitem__(func, impl)

    def update(self, *args: Any, **kwargs: Any) -> None:
        for func, impl in dict(*args, **kwargs).items():
            self[func] = impl


NUMPY_FUNCTIONS: FunctionTable = FunctionTable()


def unsupported(name: str) -> TypeError:
    return NotStageable(f"{user_location()}: {name} is not supported in graphs: it was called on a traced tensor, "
                        "and there is no graph op for it. docs/graph_numpy_functions.md and docs/graph_linalg.md "
                        "list the NumPy functions that are; compute it from those, call the function outside "
                        "the traced function and pass its result in, or call it at run time through "
                        f"autograph.numpy_function({name}, x, ..., output_spec=autograph.TensorSpec(shape, dtype)) "
                        "(docs/numpy_function.md).")


def _in_scipys_loop(ufunc: np.ufunc, inputs: tuple) -> tuple:
    """``inputs`` with each PyNumber cast to the dtype of the loop ``ufunc`` runs for a Python number of its type
    beside the other inputs (``xlogy(n, y32)``: float64 up to SciPy 1.17, float32 from 1.18 on)."""
    loop = _resolved_loop(ufunc, [_PYTHON_NUMBER_TYPES[x.dtype.kind] if type(x) is PyNumber and x.dtype.kind != "b"
                                  else _loop_operand(x) for x in inputs])
    if loop is None:  # (no loop: the op's own rule says so)
        return inputs
    return tuple(cast(x, loop[i]) if type(x) is PyNumber else x for i, x in enumerate(inputs))


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
    if op is None and "scipy.special" in sys.modules:  # (one of SciPy's ufuncs: expit, erf, xlogy, ...)
        op = ops_scipy.ufunc_op(ufunc)
        name = ops_scipy.ufunc_name(ufunc) or name
        # (A Python number among the inputs promotes weakly, in the loop SciPy's ufunc picks for it, as for NumPy's
        # own ufuncs: `_weak_loop`. Which loop that is depends on the order of SciPy's loops: xlogy(2, y32) is float64
        # up to SciPy 1.17, whose first loop is dd->d, and float32 from 1.18 on, which lists ff->f first. One known
        # only at run time, a PyNumber, is cast to the dtype that loop gives a Python number there.)
        if op is not None and any(type(x) is PyNumber for x in inputs):
            inputs = _in_scipys_loop(ufunc, inputs)
    composite = COMPOSITE_UFUNCS.get(ufunc) if op is None else None
    if op is None and composite is None:
        special = ops_scipy.ufunc_name(ufunc)
        if special is None:
            raise unsupported(name)
        if not _ours(type(x) for x in inputs if hasattr(x, "__array_ufunc__")):
            return NotImplemented
        return _scipy_ufunc(special, inputs, kwargs)
    if not _ours(type(x) for x in inputs if hasattr(x, "__array_ufunc__")):
        return NotImplemented
    out, dtype = kwargs.pop("out", None), kwargs.pop("dtype", None)
    if out is not None and any(o is not None for o in (out if isinstance(out, tuple) else (out,))):
        raise NotStageable(f"{name}: out= is not supported in graphs (tensors are immutable); use the result")
    if kwargs.pop("where", True) is not True and not kwargs:
        raise NotStageable(f"{name}: where= without out= is not supported in graphs: NumPy leaves the elements "
                           "where the mask is False uninitialized in the array it makes; pass out= as well "
                           "(np.divide(a, b, out=np.zeros_like(a), where=b != 0))")
    if kwargs:
        raise NotStageable(f"{name}: argument(s) {', '.join(kwargs)} are not supported in graphs")
    if dtype is None:
        check_numpy_call(ufunc, name, inputs, {})
    args = list(inputs) if dtype is None else [cast(a, dtype) for a in inputs]
    return apply(op, *args) if composite is None else composite(*args)


def shaped_input(x: Any, label: str, where: str) -> Tensor:
    """``x`` as an input of a ``scipy_shaped`` op, whose results' shapes the graph works out while tracing: refused
    where its shape is known only at run time."""
    t = as_tensor(x)
    if None in t.shape:
        raise NotStageable(f"{user_location()}: {label}: {where} has a shape known only at run time "
                           f"({t.value.type_str}): the graph works out the results' shapes from the arguments' when "
                           "it is traced")
    return t


def _scipy_ufunc(name: str, inputs: tuple, kwargs: dict) -> Any:
    """One of SciPy's other ufuncs (``scipy.special.gamma``, ``wofz``, ``jv``...: no op of their own) as one
    ``scipy_shaped`` op that calls it (runtime/graph/ops_scipy.py): SciPy's own kernel, so its values bit for bit on
    the interpreter (a host callback under XLA). Its results' shapes and dtypes are SciPy's on stand-ins of the
    arrays, with the Python numbers handed to it as Python numbers, also one known only at run time (SciPy types them
    otherwise than arrays: ``jv(2, y32)`` is float32, ``jv(np.asarray(2), y32)`` float64); a 0-d result is the NumPy
    scalar a ufunc makes."""
    extra = [k for k, v in kwargs.items() if not (k == "where" and v is True) and not (k == "out" and (
        v is None or type(v) is tuple and all(o is None for o in v)))]
    if extra:
        raise NotStageable(f"{user_location()}: {name}: argument(s) {', '.join(extra)} are not supported in graphs "
                           "for SciPy's ufuncs; call it with its inputs alone and use the result")
    arrays: list[Tensor] = []
    entries = []
    for position, x in enumerate(inputs):
        if type(x) is PyNumber:  # a Python number known at run time: handed to SciPy as one, as eager code does
            arrays.append(x)
            entries.append(("num", len(arrays) - 1))
        elif isinstance(x, (Tensor, np.ndarray, list, tuple)):
            arrays.append(shaped_input(x, name, f"argument {position + 1}"))
            entries.append(("in", len(arrays) - 1))
        elif isinstance(x, np.generic):
            arrays.append(constant(np.asarray(x)))
            entries.append(("in", len(arrays) - 1))
        elif type(x) in (bool, int, float, complex):
            entries.append(("py", x))
        else:
            raise NotStageable(f"{user_location()}: {name}: argument {position + 1} is a {type(x).__name__}, which "
                               "the graph does not pass to SciPy; pass an array or a number")
    function = name.replace("scipy.special.", "scipy.special:")
    specs = tuple((t.shape, t.dtype) for t in arrays)
    kind, results = ops_scipy.shaped_probe(function, specs, tuple(entries), ())
    outputs = bind("scipy_shaped", arrays, function=function, args=tuple(entries), kwargs=(),
                   expect=tuple((shape, dtype.str) for shape, dtype in results))
    for out in outputs:
        if not out.ndim:
            out._array = False  # (a ufunc's 0-d result is a NumPy scalar)
    return outputs[0] if kind == "one" else tuple(outputs)


# Ufuncs with no op of their own, written with others (np.modf, np.divmod: runtime/graph/numpy_derived.py):
# ufunc -> a function of the inputs giving NumPy's outputs.
COMPOSITE_UFUNCS: dict[np.ufunc, Callable] = {}


def array_function(func: Callable, types: tuple, args: tuple, kwargs: dict) -> Any:
    impl = NUMPY_FUNCTIONS.get(func)
    if impl is None:
        raise unsupported(_public_name(func))
    if not _ours(types):
        return NotImplemented
    check_numpy_call(func, _public_name(func), args, kwargs)
    return numpy_function_result(func, args, kwargs, impl(*args, **kwargs))


# ``_array`` of a 0-d result NumPy could not be asked about: the graph cannot tell (``stands_for_scalar``).
UNTOLD = "untold"
# ``_array`` of an argument the call passed as a NumPy scalar (``TensorSpec.scalar``): a scalar, which a write
# into is the call boundary's to refuse with the argument's name (autograph/call_boundary.py).
SCALAR_ARGUMENT = "a scalar argument"


def stand_as_all(out: Any, values: Sequence[Any]) -> None:
    """A 0-d ``out`` joining ``values`` (an ``if``'s branches, a loop's value before and after its body) stands for a
    NumPy scalar, or a 0-d array, where every one of them does: ``s = np.sum(x)`` then ``s = s * 2`` under a staged
    ``if`` is the NumPy scalar eager holds either way (what ``type(s)`` says, and what a returned ``s`` is)."""
    if not isinstance(out, Tensor) or out.ndim or not values or not all(isinstance(v, Tensor) for v in values):
        return
    kinds = {stands_for_scalar(v) for v in values}
    if kinds == {True}:
        out._array = False
    elif kinds == {False}:
        out._array = True


def written_scalar(t: Tensor) -> bool:
    """Whether a write into ``t`` writes into a NumPy scalar made in the function (immutable: NumPy raises, or
    changes nothing); an argument passed as one is the call boundary's to refuse."""
    return t.ndim == 0 and t._array is not SCALAR_ARGUMENT and stands_for_scalar(t) is True


def numpy_function_result(func: Callable, args: tuple, kwargs: dict, result: Any) -> Any:
    """``result`` of the graph's ``func(*args, **kwargs)``, each new 0-d tensor in it to be told whether it stands
    for a NumPy scalar or a 0-d array as NumPy's own ``func`` says. Which one a function returns is its own choice,
    not its last op's: ``np.cov`` of a vector ends with a division and returns a 0-d array (its ``squeeze()``),
    ``np.where`` of 0-d operands a 0-d array, ``np.median`` a scalar. NumPy is asked when a program asks
    (``isinstance``, ``type``, ``np.isscalar``: ``stands_for_scalar``), with stand-ins made now: ones of each
    tensor's dtype and number of dimensions (broadcast: nothing allocated; a dimension known only at run time is
    2, an empty one 1: which of the two a function returns does not depend on lengths), errors ignored. A 0-d
    argument that may be either is asked both ways, and told only where both answers agree; where NumPy raises on
    the stand-ins nothing is told, and ``isinstance`` of the result is refused rather than guessed."""
    slots = _new_0d_results(result, args, kwargs)
    if slots:
        either: list = []
        try:
            as_arrays = _stand_in((args, kwargs), True, either)
            stand_ins = (as_arrays, _stand_in((args, kwargs), False, []) if either else None)
        except _NoStandIn:
            stand_ins = None
        for path, tensor in slots:
            tensor._array = UNTOLD if stand_ins is None else _NumPysAnswer(func, stand_ins, path)
    return result


def _new_0d_results(result: Any, args: tuple, kwargs: dict) -> list:
    """``(path, tensor)`` of each 0-d tensor in ``result`` (itself, or an item of a tuple or list of them) that
    is none of the arguments. (What a function the graph's ``func`` called told it is ``func``'s to say.)"""
    if type(result) is Tensor:
        items: list = [((), result)]
    elif isinstance(result, (tuple, list)) and any(type(r) is Tensor for r in result):  # (a namedtuple too)
        items = [((i,), r) for i, r in enumerate(result) if type(r) is Tensor]
    else:
        return []
    given = {id(a) for a in (*args, *kwargs.values())}
    given.update(id(item) for a in (*args, *kwargs.values()) if type(a) in (tuple, list) for item in a)
    return [(path, t) for path, t in items if t.ndim == 0 and id(t) not in given]


def _stand_in(x: Any, either_as_array: bool, either: list) -> Any:
    """``x`` with each tensor in it replaced by ones of its dtype and number of dimensions, a NumPy scalar where it
    stands for one; one that may be either (noted in ``either``) a 0-d array if ``either_as_array``."""
    if type(x) is PyNumber:
        return _PYTHON_NUMBER_TYPES[x.dtype.kind](1)
    if isinstance(x, Tensor):
        one = np.ones((), x.dtype)
        if x.ndim:
            return np.broadcast_to(one, tuple(2 if d is None else d or 1 for d in x.value.shape))
        scalar = stands_for_scalar(x)
        if scalar is None:
            either.append(x)
            scalar = not either_as_array
        return one[()] if scalar else one
    if type(x) in (tuple, list):
        return type(x)(_stand_in(item, either_as_array, either) for item in x)
    if type(x) is dict:
        return {key: _stand_in(item, either_as_array, either) for key, item in x.items()}
    if type(x) in _PLAIN_ARGUMENTS or isinstance(x, np.generic) or type(x) is np.ndarray:
        return x
    raise _NoStandIn  # (a callable NumPy would call, an object it would convert: not run for a question of kind)


class _NoStandIn(Exception):
    pass


_PLAIN_ARGUMENTS = frozenset({int, float, complex, bool, str, bytes, type(None), type(Ellipsis), slice, np.dtype,
                              type, *{type(np.dtype(code)) for code in "?bhilqBHILQefdFDUS"}})


class _NumPysAnswer:
    """``_array`` of a 0-d result until a program asks what it stands for: NumPy's ``func`` is asked then."""

    __slots__ = ("func", "stand_ins", "path")

    def __init__(self, func: Callable, stand_ins: tuple, path: tuple) -> None:
        self.func, self.stand_ins, self.path = func, stand_ins, path

    def is_array(self) -> Any:
        """True (a 0-d ndarray), False (a NumPy scalar) or UNTOLD (NumPy raised, or the two ways of asking about
        an argument that may be either disagree)."""
        answers = {self._ask(*stand_ins) for stand_ins in self.stand_ins if stand_ins is not None}
        return answers.pop() if len(answers) == 1 else UNTOLD

    def _ask(self, args: tuple, kwargs: dict) -> Any:
        try:
            with np.errstate(all="ignore"):
                eager = self.func(*args, **kwargs)
        except Exception:  # (NumPy refused the stand-ins: ones may be singular, read-only: nothing is told)
            return UNTOLD
        for position in self.path:
            eager = eager[position] if isinstance(eager, (tuple, list)) and position < len(eager) else None
        if type(eager) is np.ndarray and eager.ndim == 0:
            return True
        return False if isinstance(eager, np.generic) else UNTOLD


# --- the building blocks that methods and numpy_api share ---------------------------------------

def is_tensor(x: Any) -> bool:
    return isinstance(x, Tensor)


def apply(op: str, *args: Any) -> Tensor:
    """An elementwise (or matmul) op on tensors, arrays and numbers, with NumPy 2's promotion:
    a Python number (or a ``PyNumber``, one known at run time) takes the dtype NumPy would give it next to
    the other operands. A list or tuple holding tensors is the array ``np.array`` makes of it, as NumPy takes it."""
    if any(type(a) is list or type(a) is tuple for a in args):
        args = tuple(nest_array(a) if holds_tensor(a) else a for a in args)
    strong = [_dtype_of(a) for a in args if type(a) not in _WEAK and type(a) is not PyNumber]
    if not strong and any(type(a) is PyNumber for a in args):  # (a ufunc of Python numbers: NumPy's defaults)
        strong = [np.result_type(*(a.dtype if type(a) is PyNumber else np.asarray(a).dtype for a in args))]
    elif op in _COMPARISONS and any(type(a) is PyNumber and a.dtype.kind == "i" for a in args) \
            and np.result_type(*strong).kind in "iu":
        # NumPy compares a Python int with any integer array exactly, even one its dtype cannot hold: compare
        # in a dtype that holds both (int64, or float64 next to uint64) rather than cast the int into the array's.
        wide = np.result_type(np.int64, *strong)
        args = tuple(cast(a, wide) if type(a) not in _WEAK and type(a) is not PyNumber else a for a in args)
        strong = [wide]
    elif op in _COMPARISONS and strong and _int_beyond(args, np.result_type(*strong)):
        # The same for a Python int constant the arrays' integer dtype cannot hold (`x8 > 1000` is False in NumPy 2,
        # not its OverflowError): compared where both fit.
        wide = np.result_type(np.int64, *strong)
        if _int_beyond(args, wide):  # (beyond int64 too: as floats, where every value of the arrays lies on its side)
            wide = np.dtype(np.float64)
        args = tuple(cast(a, wide) if type(a) not in _WEAK and type(a) is not PyNumber else a for a in args)
        strong = [wide]
    dtypes = _weak_loop(op, args, strong)
    inputs = [constant(a, dtypes[i] if dtypes else np.result_type(*strong, a)) if type(a) in _WEAK
              else _weak_cast(a, strong) if type(a) is PyNumber else a for i, a in enumerate(args)]
    return bind1(op, [as_tensor(a) for a in inputs])


def _int_beyond(args: tuple, dtype: np.dtype) -> bool:
    """Whether a Python int among ``args`` lies outside the integer ``dtype``."""
    if dtype.kind not in "iu":
        return False
    info = np.iinfo(dtype)
    return any(type(a) is int and not info.min <= a <= info.max for a in args)


def _weak_loop(op: str, args: tuple, strong: list) -> Optional[tuple]:
    """The dtypes of the NumPy loop a ufunc op runs for ``args`` with Python numbers among them (NEP 50), which
    the numbers are made constants of, as NumPy casts them: ``x8 / 1000`` divides in float64 (NumPy's loop for
    integers), where the operands' promotion alone would make 1000 an int8 (OverflowError). None: the promotion."""
    ufunc = ops.ELEMENTWISE.get(op) or ops_scipy.special_ufunc(op)
    if ufunc is None or not strong or not any(type(a) in (int, float, complex) for a in args):
        return None
    return _resolved_loop(ufunc, [_loop_operand(a) for a in args])  # (None, no loop: the op's own rule says so)


def _loop_operand(a: Any) -> Any:
    """What ``ufunc.resolve_dtypes`` takes for the operand ``a``: a Python number's own type (it promotes weakly,
    NEP 50), else its dtype."""
    cls = type(a)
    return cls if cls is int or cls is float or cls is complex else np.dtype(np.bool_) if cls is bool else _dtype_of(a)


def _resolved_loop(ufunc: np.ufunc, operands: list) -> Optional[tuple]:
    """The dtypes of the loop ``ufunc`` runs for ``operands`` (``_loop_operand``'s), its outputs' included; None where
    it has no loop for them."""
    try:
        return ufunc.resolve_dtypes(tuple(operands) + (None,) * ufunc.nout)
    except (TypeError, ValueError):
        return None


# --- Python numbers known at run time -----------------------------------------------------------------

class PyNumber(Tensor):
    """A 0-d tensor standing for a Python number whose value is known only when the graph runs: an unknown
    dimension (``x.shape[0]``, ``x.size`` under ``input_signature=[TensorSpec([None])]``, a ``dim`` node) and
    what Python arithmetic makes of it. Its dtype says which Python type: int64 an int, float64 a float, bool a
    bool. Next to arrays it promotes weakly, as the Python number would (``x32 * x.shape[0]`` is float32);
    with other Python numbers it computes as Python does (``x.size / 2`` is a float, ``x.size // 0`` raises
    ZeroDivisionError when the graph runs). Where Python needs the number itself while tracing (``range()`` in
    code that is not converted, ``np.zeros(n)``, ``int()`` in a library) it raises ``UnknownDimension``."""

    __slots__ = ()

    @staticmethod
    def of(t: Tensor) -> PyNumber:
        return PyNumber(t._value, t.builder)

    def __repr__(self) -> str:
        return f"<PyNumber {_PYTHON_NUMBER_TYPES[self.dtype.kind].__name__} {self.value.type_str}>"

    def __index__(self) -> int:
        raise _needs_number(self, "using it as a Python int (range() in code that is not converted, a shape "
                                  "argument such as np.zeros(n), an index of a list)")

    def __int__(self) -> int:
        raise _needs_number(self, "int() of it outside converted code")

    def __bool__(self) -> bool:
        raise _needs_number(self, "its truth value outside a converted `if`/`while` (a comparison of shapes "
                                  "such as x.shape == y.shape, `and`/`or` in code that is not converted)")

    def __hash__(self) -> int:
        raise _needs_number(self, "hashing it (a shape with it as a dict or cache key)")


PYTHON_EXAMPLE = {"i": 0, "f": 0.0, "b": False, "c": 0j}


def _needs_number(t: PyNumber, what: str) -> UnknownDimension:
    kind = _PYTHON_NUMBER_TYPES[t.dtype.kind].__name__
    return UnknownDimension(
        f"{user_location()}: a Python {kind} known only when the graph runs ({kind}() or .item() of a traced "
        "value, a dimension of a traced array from an input_signature with None or from an op whose size depends "
        "on the data, a reading of the clock such as time.time(), or arithmetic on one) is used "
        "where Python needs "
        f"its value while tracing: {what}. A graph holds it as a value: compare it in an `if` (staged), loop "
        "over `range(n)` in converted code, compare shapes dim by dim (x.shape[0] == y.shape[0]); make arrays "
        "of a traced array's shape with np.zeros_like(x) / np.full_like(x, v); give the input_signature "
        "fixed sizes; or read the clock outside the function and pass the time in")


def _weak_cast(a: PyNumber, strong: list) -> Tensor:
    """A Python number known at run time next to arrays of dtypes ``strong``: cast as NumPy casts the Python
    number (NEP 50), with NumPy's OverflowError where an int does not fit the array's integer dtype."""
    target = np.result_type(*strong, PYTHON_EXAMPLE[a.dtype.kind])
    if target == a.dtype:
        return a
    if a.dtype.kind == "i" and target.kind in "iu" and target != np.int64:
        info = np.iinfo(target)
        fits = (a >= max(info.min, np.iinfo(np.int64).min)) & (a <= min(info.max, np.iinfo(np.int64).max))
        # (NumPy's message names the number: written in when the graph runs)
        bind("assert", [fits, a], message=f"Python integer out of bounds for {target.name}", error=OverflowError,
             where=user_location(), template=("Python integer ", Ref(0), f" out of bounds for {target.name}"))
    return bind1("cast", [a], dtype=target)


_COMPARISONS = frozenset({"eq", "ne", "lt", "le", "gt", "ge"})
_ARITHMETIC = frozenset({"add", "sub", "mul", "truediv", "floordiv", "mod", "pow", "left_shift", "right_shift",
                         "neg", "pos", "abs", "invert"})
_DIVISIONS = {"truediv": lambda a, b: a / b, "floordiv": lambda a, b: a // b, "mod": lambda a, b: a % b}


def _python_error(fn: Callable, *args: Any) -> str:
    try:
        fn(*args)
    except ZeroDivisionError as error:
        return str(error)
    return "division by zero"


def operator_apply(op: str, *args: Any) -> Tensor:
    """A Python operator (``_operator_apply``); on a value whose Python type depends on the path a run takes,
    its result is recorded the same way (``note_operator``)."""
    typed = [path_record(a) for a in args]
    result = _operator_apply(op, *args)
    if any(typed):
        note_operator(op, args, typed, result)
    return result


def _operator_apply(op: str, *args: Any) -> Tensor:
    """A Python operator (``a + b``, ``-a``, ``a < b``, ``a += b``) on tensors: ``apply``, except that with only
    Python numbers among the operands, some known at run time (``PyNumber``), it computes as Python does and gives
    a ``PyNumber``: bools count as ints in arithmetic, ``/`` of ints is a float, a zero divisor raises Python's
    ZeroDivisionError when the graph runs."""
    if not any(type(a) is PyNumber for a in args) or not all(type(a) in _WEAK or type(a) is PyNumber
                                                          for a in args):
        return apply(op, *args)
    kinds = [(a.dtype if type(a) is PyNumber else np.asarray(a).dtype).kind for a in args]
    _python_type_error(op, args, kinds)
    float_power = op == "pow" and type(args[1]) is int and kinds[0] == "f"
    if op == "pow" and not float_power and not (type(args[1]) is int and args[1] >= 0 and "f" not in kinds
                                                and "c" not in kinds):
        raise UnknownDimension(
            f"{user_location()}: ** of a Python number known only when the graph runs: Python's result type "
            "depends on the values (int ** -1 is a float, (-8.0) ** (1/3) complex); use a non-negative int "
            "exponent written in the code, or NumPy (np.sqrt(n), np.power(np.float64(n), p))")
    values = list(args)
    if op in _ARITHMETIC or (op in ("bitwise_and", "bitwise_or", "bitwise_xor") and set(kinds) != {"b"}):
        values = [PyNumber.of(bind1("cast", [a], dtype=np.dtype(np.int64)))
                  if type(a) is PyNumber and a.dtype == np.bool_ else int(a) if type(a) is bool else a for a in values]
    if op in _DIVISIONS:
        divisor = values[1]
        example = [1.0 if k in "fc" else 1 for k in kinds]
        message = _python_error(_DIVISIONS[op], example[0], 0 * example[1])
        if type(divisor) is PyNumber:
            bind("assert", [divisor != 0], message=message, error=ZeroDivisionError, where=user_location())
        elif divisor == 0:
            raise ZeroDivisionError(message)
    for a in values:
        if type(a) is int and not _INT64_MIN <= a <= _INT64_MAX:
            raise NotStageable(f"{user_location()}: the Python int {a} next to a Python int known only when the graph "
                               "runs: a graph holds Python ints as int64, which this one does not fit; compute in "
                               "float (float(n)) or keep the numbers within int64")
    tensors = [a if type(a) is PyNumber else constant(a) for a in values]
    if float_power and args[1] < 0:  # (a float to an int power written in the code: C's pow, as Python's float **)
        bind("assert", [tensors[0] != 0], message="0.0 cannot be raised to a negative power", error=ZeroDivisionError,
             where=user_location())
    if op in _PYTHON_INT_OPS and all(t.dtype == np.int64 for t in tensors):  # (Python's ints grow: core_kernels)
        return PyNumber.of(bind1("python_int", tensors, operation=op, where=user_location()))
    result = bind1(op, tensors)
    if float_power:  # Python raises where the power leaves float64's range; NumPy's would be inf
        bind("assert", [np.logical_not(np.isinf(result) & np.isfinite(tensors[0]))],
             message="(34, 'Numerical result out of range')", error=OverflowError, where=user_location())
    return PyNumber.of(result)


_PYTHON_UNARY = {"neg": operator.neg, "pos": operator.pos, "abs": operator.abs, "invert": operator.invert}


def _python_type_error(op: str, args: tuple, kinds: list) -> None:
    """Python's own TypeError where its numbers take no such operator (``n < 1j``, ``z // 2``, ``x & 1`` of a float,
    ``~x`` of a float): asked of the operands' types, which the trace knows (NumPy would order complex numbers,
    floor-divide them, ...: a graph answer where Python has none). Where an operand's type depends on the path the
    run takes (``a if c else 0`` of a float and an int: runtime/graph/python_kinds.py), refused by name instead:
    another path may give a type that takes the operator."""
    python_op = _PYTHON_OPERATORS.get(op) if len(args) == 2 else _PYTHON_UNARY.get(op)
    if python_op is None:
        return
    # (A zero of each type: a value's error, 0 // 0, is no answer to the question of types, and is passed over.)
    examples = [PYTHON_EXAMPLE[k] if type(a) is PyNumber else a for a, k in zip(args, kinds)]
    with warnings.catch_warnings() if op == "invert" else contextlib.nullcontext():
        if op == "invert":
            warnings.simplefilter("ignore")  # (~True is deprecated: a warning, not the question asked here)
        try:
            python_op(*examples)
        except TypeError as error:
            if any(type(a) is PyNumber and not certain_number(a) for a in args):
                raise NotStageable(
                    f"{user_location()}: {error}, for the Python type this number has on one path of the trace; "
                    "its type depends on the path taken when the graph runs (a staged `if`, `and` / `or`, or "
                    "max / min of numbers of different types), and another may take this operator. Give every "
                    "path the same type (float(v) on each)") from None
            refusal = TypeError(str(error))
            refusal.from_types = True  # (raised from the types alone: ops.refused_dtypes, for a staged block)
            raise refusal from None
        except ArithmeticError:  # (a value's error, not the types': the graph checks those when it runs)
            pass


def python_number_type(leaf: Any) -> Optional[type]:
    """The Python number type a leaf holds: its own for a plain bool/int/float/complex, its dtype's for a
    ``PyNumber``; None for anything else."""
    if type(leaf) in PYTHON_NUMBERS:
        return type(leaf)
    return _PYTHON_NUMBER_TYPES.get(leaf.dtype.kind) if type(leaf) is PyNumber else None


def certain_number(leaf: Any) -> bool:
    """Whether ``leaf`` (a plain Python number, or a ``PyNumber``) has one Python type on every run of the graph
    (runtime/graph/python_kinds.py)."""
    if not isinstance(leaf, Tensor):
        return python_number_type(leaf) is not None
    return python_kinds.certain(*leaf.ref())


def record_join(out: Tensor, leaves: Sequence[Any]) -> None:
    """Record whether ``out``, the Python number a cond or loop made of ``leaves`` (each path's value), is certain:
    every path left one of one Python type, each certain itself (runtime/graph/python_kinds.py)."""
    sure = len({python_number_type(leaf) for leaf in leaves}) == 1 and all(certain_number(leaf) for leaf in leaves)
    python_kinds.record(*out.ref(), sure)


# --- values whose Python type depends on the path (runtime/graph/path_types.py) ---------------------------------

def path_record(x: Any) -> Optional[path_types.Record]:
    return path_types.lookup(x) if isinstance(x, Tensor) and x.ndim == 0 else None


def path_kind(leaf: Any) -> Any:
    """What the 0-d ``leaf`` is to Python on its path: a ``path_types.Kind``, the ``Record`` of a value that is
    path-typed itself, None for a Python number the graph computes whose type it cannot tell (``max(1.5, n)``),
    or False for anything that is no 0-d value (an array, a list, None)."""
    if type(leaf) in _WEAK:
        return path_types.Kind(python=type(leaf))
    if isinstance(leaf, np.generic):
        return path_types.Kind(scalar=True, dtype=leaf.dtype)
    if not isinstance(leaf, Tensor):
        return path_types.Kind(scalar=False, dtype=leaf.dtype) if isinstance(leaf, np.ndarray) and not leaf.ndim \
            else False
    if leaf.ndim:
        return False
    found = path_record(leaf)
    if found is not None:  # (one kind on every path after all: a loop body's value of each kind its variable had)
        return found.kinds[0] if found.tag is None and len(set(found.kinds)) == 1 and found.kinds[0] else found
    if type(leaf) is PyNumber:
        return path_types.Kind(python=_PYTHON_NUMBER_TYPES[leaf.dtype.kind]) if certain_number(leaf) else None
    return path_types.Kind(scalar=stands_for_scalar(leaf), dtype=np.dtype(leaf.dtype))


def note_carried_types(carried: Sequence[Any], initial: Sequence[Any], seen: Sequence[Sequence[Any]]) -> None:
    """A loop body's 0-d loop variables ``carried`` (placeholders), whose values before the loop were ``initial``
    and which an earlier trace of the body left of the kinds ``seen``: each may be of any of those kinds (what it
    was before the loop on the first iteration, what the body made on the later ones). Where there are more than
    one, recorded with them and no tag, so that what the body makes of it is known for each (``s + x[i]`` is a
    NumPy float64 whether ``s`` was the int 0 or one; ``note_loop_types``)."""
    for placeholder, before, made in zip(carried, initial, seen):
        if not isinstance(placeholder, Tensor) or placeholder.ndim:
            continue
        kind = path_kind(before)
        if kind is False:
            continue
        kinds: list = path_types.kinds_of(kind)
        kinds += [k for k in made if k not in kinds]
        if len(set(kinds)) > 1:
            value = placeholder.ref()[0]
            path_types.record(placeholder, None, [None] if None in kinds else kinds, user_location(),
                              "a loop variable", basis=None if None in kinds else value)


def note_loop_types(out: Any, before: Any, made: Any, placeholder: Any, entered: Callable[[], Any],
                    label: str) -> None:
    """``out``, a loop's 0-d output, is ``before`` (its value before the loop) when no iteration runs, else what
    the body made of its loop variable ``placeholder`` (``made``): where their Python types may differ, record the
    kinds and a tag. The body's kind as a function of the variable's (``note_carried_types``) gives the tag where
    one iteration settles it (``s + x[i]``: a NumPy float64 of any; ``r * 2``: the kind it had), else the value is
    returned as before (``note_join_types``)."""
    settled = _settled(out, before, made, placeholder, entered)
    if settled is None:
        note_join_types(out, [before, made], (lambda: None if entered is None else
                                              apply("logical_not", entered()), None), label)
        return
    tag, kinds = settled
    path_types.record(out, tag, kinds, user_location(), label)


def _settled(out: Any, before: Any, made: Any, placeholder: Any, entered: Callable[[], Any]) -> Optional[tuple]:
    """(tag, kinds) of a loop's output whose kind one iteration settles (``note_loop_types``), or None."""
    if not isinstance(out, Tensor) or out.ndim or not isinstance(placeholder, Tensor) or entered is None:
        return None
    variable = path_record(placeholder)
    found = path_record(made) if isinstance(made, Tensor) else None
    if variable is None or found is None or found.tag is not None or found.basis is not variable.value \
            or len(found.kinds) != len(variable.kinds):
        return None
    step = dict(zip(variable.kinds, found.kinds))  # the body's kind for each kind of its variable
    first = path_kind(before)
    starts = path_types.kinds_of(first)
    if any(k not in step or step[k] not in step or step[step[k]] != step[k] for k in starts):
        return None
    kinds = list(dict.fromkeys(starts + [step[k] for k in starts]))
    if len(kinds) == 1:
        return None
    if isinstance(first, path_types.Record):
        start_tag = tag_as(first, kinds)
        if start_tag is None:
            return None
        after = tag_as(dataclasses.replace(first, kinds=tuple(step[k] for k in starts)), kinds)
    else:
        start_tag = constant(np.int64(kinds.index(first)))
        after = constant(np.int64(kinds.index(step[first])))
    return apply("where", entered(), after, start_tag), kinds


def tag_as(record: path_types.Record, kinds: list) -> Optional[Tensor]:
    """``record``'s tag renumbered into ``kinds`` (where each of its kinds is there), or None where this graph
    cannot read it (a branch's or a loop body's own value)."""
    builder = current_builder()
    if record.tag is None or builder is None or not builder.sees(record.tag.builder) \
            or any(k is None for k in record.kinds):
        return None
    return _renumbered(record.tag, [kinds.index(k) for k in record.kinds])


def _renumbered(tag: Tensor, numbers: list) -> Tensor:
    """``numbers[tag]``, as the graph computes it (``tag`` itself where ``numbers`` numbers from 0 in order)."""
    if numbers == list(range(len(numbers))):
        return tag
    renumbered = constant(np.int64(numbers[0]))
    for index, number in enumerate(numbers[1:], 1):
        renumbered = apply("where", apply("eq", tag, np.int64(index)), np.int64(number), renumbered)
    return renumbered


def note_join_types(out: Any, leaves: Sequence[Any], conditions: Sequence[Any], label: str,
                    inner: Optional[dict] = None) -> None:
    """``out``, a 0-d value a cond or loop made, is ``leaves[b]`` on the paths where ``conditions[b]`` holds (a
    thunk giving a bool tensor; the last path's is every other run, and a None leaf is a path whose value is never
    used): where their Python types differ, record each path's kind and a tag saying which the run took
    (runtime/graph/path_types.py). ``inner``: path -> its value's own tag, brought out of its branch (a cond's
    extra output), where that value is path-typed inside the branch."""
    if not isinstance(out, Tensor) or out.ndim:
        return
    paths = [(b, path_kind(leaf)) for b, leaf in enumerate(leaves) if leaf is not None]
    if not paths or any(kind is False for _, kind in paths):
        return
    if all(isinstance(kind, path_types.Kind) for _, kind in paths) and len({kind for _, kind in paths}) == 1:
        kind = paths[0][1]
        if kind.python is None and kind.scalar is not None and type(out) is not PyNumber and out._array is None:
            out._array = not kind.scalar  # (a NumPy scalar on every path, constants among them: np.float64(2.5))
        return
    kinds: list = []
    for _, kind in paths:
        for k in path_types.kinds_of(kind):
            if k not in kinds:
                kinds.append(k)
    inner = inner or {}
    tags = [constant(np.int64(kinds.index(kind))) if isinstance(kind, path_types.Kind)
            else tag_as(dataclasses.replace(kind, tag=inner[b]) if b in inner else kind, kinds)
            if isinstance(kind, path_types.Record) else None for b, kind in paths]
    tag = None
    if None not in kinds and all(t is not None for t in tags):
        tag = tags[-1]
        for (b, _), path_tag in zip(reversed(paths[:-1]), reversed(tags[:-1])):
            condition = conditions[b]()
            if condition is None:
                tag = None
                break
            tag = apply("where", condition, path_tag, tag)
    path_types.record(out, tag, kinds, user_location(), label)


def _operand_examples(a: Any, record: Optional[path_types.Record]) -> Optional[list]:
    """The examples an operand stands for: one per kind of a path-typed one, else one; None where it is
    nothing ``path_types.Kind`` describes."""
    if record is not None:
        return None if any(k is None for k in record.kinds) else [k.example() for k in record.kinds]
    if isinstance(a, Tensor) and a.ndim:
        return [np.ones((1,) * a.ndim, a.dtype)]
    kind = path_kind(a)
    return [kind.example()] if isinstance(kind, path_types.Kind) else None


def _combined_tag(records: list) -> Optional[Tensor]:
    """The tag of the combinations of the path-typed operands' kinds (the first most significant)."""
    tag = None
    for found in records:
        if found is None:
            continue
        own = tag_as(found, list(found.kinds))
        if own is None:
            return None
        tag = own if tag is None else apply("add", apply("mul", tag, np.int64(len(found.kinds))), own)
    return tag


def note_operator(op: str, args: tuple, records: list, result: Any) -> None:
    """After a Python operator whose operands include a path-typed value (``records``): record its result's kinds
    (Python's operator on each combination of the operands' kinds), stage Python's ZeroDivisionError on the paths
    where Python divides, and refuse where the operator takes one path's type and not another's."""
    fn = path_types.python_operator(op)
    examples = [_operand_examples(a, r) for a, r in zip(args, records)]
    first = next(r for r in records if r is not None)
    if fn is None or any(e is None for e in examples):
        if isinstance(result, Tensor) and result.ndim == 0:
            path_types.record(result, None, (None,), first.site, first.label)
        return
    outcomes = path_types.outcomes(fn, examples)
    errors = [o for o in outcomes if isinstance(o, Exception)]
    typed = [r for r in records if r is not None]
    if len(typed) == 1 and typed[0].tag is None and typed[0].basis is not None and isinstance(result, Tensor) \
            and result.ndim == 0:
        # A function of a loop variable's kind, one kind per kind of it, in its order (note_loop_types): a kind it
        # may not have (one guessed, note_carried_types) and the operator does not take is unknown, not refused.
        kinds = [None if isinstance(o, Exception) else path_types.kind_of_example(o) for o in outcomes]
        if op in path_types.DIVISIONS:
            _zero_divisor_in_a_loop(op, args, examples, first, typed[0].basis)
        path_types.record(result, None, kinds, first.site, first.label,
                          basis=typed[0].basis)
        return
    if errors and len(errors) < len(outcomes) and any(isinstance(e, TypeError) for e in errors) \
            and all(r.tag is not None for r in typed):
        raise NotStageable(first.refusal(f"Python's `{op}` takes some of these and not the others "
                                         f"({next(e for e in errors if isinstance(e, TypeError))})"))
    if errors:
        return
    tag = _combined_tag(records)
    if op in path_types.DIVISIONS:
        _zero_divisor_paths(op, args, examples, tag, first)
    if not isinstance(result, Tensor):
        return
    if result.ndim:
        dtypes = {np.asarray(o).dtype for o in outcomes}
        if dtypes != {np.dtype(result.dtype)}:
            raise NotStageable(first.refusal(f"`{op}` with it makes an array of dtype "
                                             f"{' or '.join(sorted(map(str, dtypes)))} by path"))
        return
    kinds = [path_types.kind_of_example(o) for o in outcomes]
    if len(set(kinds)) == 1:
        kind = kinds[0]
        if kind is not None and kind.python is not None and type(result) is PyNumber:
            python_kinds.record(*result.ref(), True)  # (one Python type on every path after all)
        elif kind is not None and kind.python is None and type(result) is not PyNumber:
            result._array = not kind.scalar if kind.scalar is not None else None
        else:
            path_types.record(result, tag, kinds, first.site, first.label)
        return
    unique = list(dict.fromkeys(kinds))
    if tag is not None:
        tag = _renumbered(tag, [unique.index(k) for k in kinds])
    path_types.record(result, tag, unique, first.site, first.label)


def _zero_divisor_paths(op: str, args: tuple, examples: list, tag: Optional[Tensor],
                        first: path_types.Record) -> None:
    """Python's ZeroDivisionError, staged for the combinations of kinds where Python divides (Python numbers:
    NumPy's division gives inf or nan there, with a warning)."""
    divisor = args[1]
    zeros = [examples[0], [e * 0 for e in examples[1]]]
    raised = path_types.outcomes(path_types.python_operator(op), zeros)
    messages: dict[str, list[int]] = {}
    for index, outcome in enumerate(raised):
        if isinstance(outcome, ZeroDivisionError):
            messages.setdefault(str(outcome), []).append(index)
    if not messages:
        return
    if isinstance(divisor, Tensor):
        is_zero = apply("eq", divisor, 0)
    elif divisor == 0:
        is_zero = constant(np.bool_(True))
    else:
        return
    for message, indices in messages.items():
        if len(indices) == len(raised):
            on_path = constant(np.bool_(True))
        elif tag is None:
            _refused_on_zero(is_zero, first.refusal(
                f"it is divided by zero: Python raises ZeroDivisionError ({message}) for some of these and NumPy "
                "gives inf or nan for the others"))
            return
        else:
            on_path = apply("eq", tag, np.int64(indices[0]))
            for index in indices[1:]:
                on_path = apply("logical_or", on_path, apply("eq", tag, np.int64(index)))
        bind("assert", [apply("logical_not", apply("logical_and", on_path, is_zero))], message=message,
             error=ZeroDivisionError, where=user_location())


def _refused_on_zero(is_zero: Tensor, refusal: str) -> None:
    """A division whose outcome for a zero divisor depends on a path the graph has no tag for: refused when a run
    divides by zero (``NotStageable`` at the division's line, which no ``except ZeroDivisionError`` takes for
    Python's error), and computed as NumPy does on every other run. Where the divisor is zero whatever the run,
    refused now."""
    where = user_location()
    refusal = f"{refusal} (the division: {where})"
    if known_value(is_zero) is not None and bool(known_value(is_zero)):
        raise NotStageable(refusal)
    bind("assert", [apply("logical_not", is_zero)], message=refusal, error=NotStageable, where=where)


def _zero_divisor_in_a_loop(op: str, args: tuple, examples: list, first: path_types.Record, basis: Any) -> None:
    """``_zero_divisor_paths`` for a loop body's division involving its loop variable (``basis``), whose kind on this
    iteration the graph does not carry yet: Python's ZeroDivisionError where every kind it may have raises it; where
    some would and some would not (NumPy's inf or nan), the loop is asked to carry the variable's tag
    (``Record.wants_tag``: traced again, the division then stages the error on the paths that raise it)."""
    zeros = [examples[0], [e * 0 for e in examples[1]]]
    outcomes = path_types.outcomes(path_types.python_operator(op), zeros)
    raised = [isinstance(o, ZeroDivisionError) for o in outcomes]
    if not any(raised):
        return
    divisor = args[1]
    if not isinstance(divisor, Tensor) and divisor != 0:
        return
    if not all(raised):
        variable = current_builder().root().path_types.get(id(basis))
        if variable is None or variable.value is not basis:
            is_zero = apply("eq", divisor, 0) if isinstance(divisor, Tensor) else constant(np.bool_(True))
            _refused_on_zero(is_zero, first.refusal("it is divided by zero inside a staged loop: Python raises "
                                                    "ZeroDivisionError for some of these and NumPy gives inf or nan "
                                                    "for the others"))
            return
        variable.wants_tag = True  # (this trace is not the last: loop_types.LoopTypes.start)
        return
    message = str(outcomes[0])
    is_zero = apply("eq", divisor, 0) if isinstance(divisor, Tensor) else constant(np.bool_(True))
    bind("assert", [apply("logical_not", is_zero)], message=message, error=ZeroDivisionError, where=user_location())


def check_numpy_call(func: Callable, name: str, args: tuple, kwargs: dict) -> None:
    """Refuse a NumPy function of a path-typed value whose result's dtype would depend on the path (``np.add(r,
    1)`` of ``r = 0`` or a float64: int64 or float64): asked of NumPy on examples of each kind where every
    tensor argument is 0-d, else of the kinds' own dtypes."""
    typed = [(i, r) for i, a in enumerate(args) for r in [path_record(a)] if r is not None]
    if not typed:
        return
    first = typed[0][1]
    if any(k is None for _, r in typed for k in r.kinds) or any(is_or_holds_tensor(v) for v in kwargs.values()):
        dtypes = {np.asarray(k.example()).dtype for _, r in typed for k in r.kinds if k is not None}
        if len(dtypes) > 1 or any(k is None for _, r in typed for k in r.kinds):
            raise NotStageable(first.refusal(f"{name} of it gives a result whose dtype may depend on which"))
        return
    # An array argument stands in as an array of its dtype and rank (NumPy's dtypes follow from those, not its
    # values): `np.result_type(w, xyz)` of `w` an int or a float64 by path and `xyz` float64 is float64 either way.
    examples = [[np.zeros((1,) * a.ndim, a.dtype)] if isinstance(a, Tensor) and a.ndim else
                _operand_examples(a, path_record(a)) if isinstance(a, Tensor) else [a] for a in args]
    if any(e is None for e in examples):
        raise NotStageable(first.refusal(f"{name} of it gives a result whose dtype may depend on which"))
    outcomes = path_types.outcomes(lambda *xs: func(*xs, **kwargs), examples)
    dtypes = {np.asarray(o).dtype if not isinstance(o, Exception) else type(o).__name__ for o in outcomes}
    if len(dtypes) > 1:
        raise NotStageable(first.refusal(f"{name} of it gives {' or '.join(sorted(map(str, dtypes)))} by path"))


# Python's ints grow where int64 wraps: these operations of PyNumber ints are one ``python_int`` op each, which
# computes as Python does and raises OverflowError where the exact result leaves int64 (runtime/graph/core_kernels.py).
_INT64_MIN, _INT64_MAX = int(np.iinfo(np.int64).min), int(np.iinfo(np.int64).max)
_PYTHON_INT_OPS = frozenset({"add", "sub", "mul", "floordiv", "pow", "left_shift", "neg", "abs"})


def _dtype_of(x: Any) -> np.dtype:
    dtype = getattr(x, "dtype", None)  # tensors, arrays, NumPy scalars, variables
    return np.asarray(x).dtype if dtype is None else np.dtype(dtype)


def cast(x: Any, dtype: Any) -> Tensor:
    x = as_tensor(x)
    dtype = np.dtype(dtype)
    if dtype.kind in "USVO" and x.dtype != dtype:
        # NumPy's string (and object) arrays are Python text, not numbers: a graph holds numbers and booleans (and
        # NumPy sizes `astype(str)`'s strings by the values: '<U21' for int64, where the dtype asked says '<U0').
        raise NotStageable(f"{user_location()}: converting a tensor to {dtype.name} (a NumPy array of strings, bytes "
                           "or objects) is not supported in graphs, which hold numbers and booleans: make the text "
                           "outside the traced function, from its result (or compute with the numbers: np.char and "
                           "str.join need the values)")
    return x if x.dtype == dtype else bind1("cast", [x], dtype=dtype)


def reduce(op: str, x: Any, axis: Any = None, keepdims: bool = False, dtype: Any = None) -> Tensor:
    x = as_tensor(x) if dtype is None else cast(x, dtype)
    out = bind1(op, [x], axis=normalize_axes(axis, x.ndim), keepdims=bool(keepdims))
    # A sum or product of small integers widens to int64 (uint64) unless a dtype is given: then NumPy adds in that
    # dtype, wrapping, which the wide sum cast back gives bit for bit (np.sum(int8s, dtype=np.int8)).
    return out if dtype is None or out.dtype == np.dtype(dtype) else cast(out, dtype)


def arg_reduce(op: str, x: Any, axis: Optional[int] = None, keepdims: bool = False) -> Tensor:
    x = as_tensor(x)
    return bind1(op, [x], axis=None if axis is None else normalize_axis(axis, x.ndim),
                         keepdims=bool(keepdims))


def scan(op: str, x: Any, axis: Optional[int] = None, dtype: Any = None) -> Tensor:
    x = as_tensor(x) if dtype is None else cast(x, dtype)
    return bind1(op, [x], axis=None if axis is None else normalize_axis(axis, x.ndim))


def reshape(x: Any, shape: Any) -> Tensor:
    x = as_tensor(x)
    if isinstance(shape, Tensor) or isinstance(shape, (tuple, list)) and any(isinstance(d, Tensor) for d in shape):
        return _sized_reshape(x, shape)
    shape = (shape,) if isinstance(shape, (int, np.integer)) else tuple(int(d) for d in shape)
    if shape == x.shape:
        return alias(x)
    out = bind1("reshape", [x], shape=shape)
    # NumPy's reshape shares memory with x when x's layout allows; ours does when x is not itself a view (a
    # fresh array is contiguous; an argument's layout is the caller's, checked at each call where the graph relies
    # on it: _rely_on_layout). Of a view, whether NumPy copies depends on strides: such results refuse writes and
    # stale reads instead of guessing.
    return Tensor(out._value, out.builder, view=(x, lambda base: bind1("reshape", [base], shape=shape), _reshaped_back),
                  view_kind="maybe" if x._view is not None or _laid_out_otherwise(x) else "reshaped")


def _reshaped_back(base: Tensor, new: Tensor) -> Tensor:
    """``new``, values written through a reshape or ravel of ``base``, in ``base``'s shape: a dimension only a run
    knows is ``base``'s own, read when the graph runs (``np.where(m)[0].reshape(-1, 2)`` written through: detecta's
    ``detect_seq``, whose write-back asked ``int(None)`` until stop 94)."""
    dims = [d if d is not None else bind1("dim", [base], axis=i) for i, d in enumerate(base.shape)]
    if all(type(d) is int for d in dims):
        return reshape(new, tuple(dims))
    return _sized_reshape(new, dims)


def _laid_out_otherwise(x: Tensor) -> bool:
    """Whether ``x`` is an array the function made that NumPy may hold in another order than C, where the orders
    differ: NumPy's C-order reshape or ravel of it then copies for some shapes, which a graph does not fix. Stop 92:
    a ``contiguous[order='F']`` or ``layout_like`` node's (``np.array(x, order="F")``, ``np.zeros_like(f)``). Stop 94:
    also one NumPy lays out as its inputs lie (``_c_order_known``): ``x.T + 0.0``, ``np.exp(f)``, ``x[:, [0, 2]]``,
    whose ``.reshape(-1)`` took writes that NumPy's copy took instead, silently. (An argument itself: its layout is
    the caller's, checked at each call where the graph relies on it, ``_rely_on_layout``.)"""
    if not layouts_differ(x.shape):
        return False
    value, owner = x.ref()
    node = _producer(value, owner.nodes)
    if node is None:
        return False
    relied: list = []
    if not _c_order_known(node, owner.nodes, _LAYOUT_DEPTH, relied):
        return True
    if relied:  # (the arguments whose layout the answer rests on, for _rely_on_layout: NumPy fixed x's layout as it
        # made x, whatever is written into x later)
        current_builder().root().c_order_relied.setdefault(id(x), (x, []))[1].extend(relied)
    return False


# Ops whose result NumPy makes C-ordered whatever their inputs' layout (a fresh array of its own order).
_MADE_IN_C_ORDER = frozenset({
    "full", "arange", "linspace", "logspace", "geomspace", "eye", "identity", "tri", "matmul", "dot", "vdot", "inner",
    "outer", "kron", "flatten", "inv", "solve", "pinv", "cholesky", "det", "qr", "svd", "eigh", "eig", "lstsq",
    "matrix_power", "tensordot"})  # (not reshape: NumPy's is a view where the strides allow, of an F array too)
# Ops whose result NumPy lays out by rules of their own, which this look does not follow: advanced indexing puts the
# indexed axes first in memory (``x[:, [0, 2]]`` of a C array is F-ordered), einsum's result may be a transposed
# view, a transpose is laid out by its strides. (A broadcast follows its input: what NumPy computes from it, or its
# reshape, ``np.tile``'s, is C-ordered where the input is.)
_LAID_OUT_OWN_WAY = frozenset({"layout_like", "einsum", "transpose", "moveaxis", "swapaxes"})
_WRITES_INTO_FIRST = frozenset({"setitem", "ufunc_at"})
_LAYOUT_DEPTH = 12  # how far back through the ops that follow their inputs' layout the look goes (then: unknown)


def _c_order_known(node: Any, nodes: list, depth: int, arguments: list) -> bool:
    """Whether NumPy holds the array ``node`` makes in C order, as far as the ops before it tell: the ops of
    ``_MADE_IN_C_ORDER`` do, a ``contiguous`` of order C does; the rest of NumPy's functions lay their result out
    as their inputs lie (its iterator's K order: ufuncs, casts, reductions, sorts, cumulative sums, concatenation,
    ``np.copy``), so such a result is C-ordered where every input that could lie otherwise is. An argument's array
    is taken for C-ordered, and its value added to ``arguments``: where the graph relies on the answer, each call
    checks that the caller's array is (``_rely_on_layout``). A value of an enclosing graph, an op that lays its
    result out its own way, or a chain longer than ``depth``: not known (False), where the caller refuses rather
    than guess."""
    op = node.op
    if op == "contiguous":
        return node.attrs.get("order") == "C"
    if op == "constant":
        value = node.attrs.get("value")
        return not isinstance(value, np.ndarray) or value.flags.c_contiguous or not layouts_differ(value.shape)
    if op in _MADE_IN_C_ORDER:
        return True
    if op in _LAID_OUT_OWN_WAY or (op == "getitem" and len(node.inputs) > 1) or depth == 0:
        return False
    # (A write keeps the layout of the array written into, whatever the values written lie like.)
    for source in node.inputs[:1] if op in _WRITES_INTO_FIRST else node.inputs:
        shape = getattr(source, "shape", ())
        if not layouts_differ(shape):
            continue
        producer = _producer(source, nodes)
        if producer is None:
            if not any(source is argument for argument in current_builder().root().inputs):
                return False
            arguments.append(source)
        elif not _c_order_known(producer, nodes, depth - 1, arguments):
            return False
    return True


def _sized_reshape(x: Tensor, shape: Any) -> Tensor:
    """``x.reshape(-1, k)`` with ``k`` a value computed in the graph (a run-time ``len()``, ``x.shape[0]`` under an
    input_signature with None): a ``sized_reshape`` node, whose dims from values are ``?`` and whose run-time sizes
    NumPy checks when the graph runs (its own error for a size that does not fit). A view of ``x``, as NumPy's."""
    items = (shape,) if isinstance(shape, Tensor) else tuple(shape)
    if isinstance(shape, Tensor) and shape.ndim == 1 and None not in shape.shape:
        items = tuple(shape[i] for i in range(shape.shape[0]))
    template, sizes = [], []
    for d in items:
        if isinstance(d, Tensor):
            if d.ndim or d.dtype.kind not in "iu":
                # NumPy's own error for what eager code holds there (a float scalar, an array), asked of NumPy
                np.zeros(1).reshape((d.dtype.type(1) if d.ndim == 0 else np.ones((1,) * d.ndim, d.dtype),))
                raise TypeError(f"a reshape size must be a 0-d integer, not {d.value.type_str}")
            template.append(Ref(len(sizes)))
            sizes.append(d)
        else:
            template.append(int(d))
    template = tuple(template)
    out = bind1("sized_reshape", [x, *sizes], shape=template)
    return Tensor(out._value, out.builder, view=(x, lambda base: bind1("sized_reshape", [base, *sizes], shape=template),
                                                 _reshaped_back),
                  view_kind="maybe" if x._view is not None or _laid_out_otherwise(x) else "reshaped")


def reshape_in_order(x: Any, shape: Any, order: Any = "C", copy_: Any = None, name: str = "reshape") -> Tensor:
    """``np.reshape(x, shape, order=order, copy=copy_)`` (also ``ravel`` and ``flatten``, ``name``): ``order="F"``
    reads and writes the items first index fastest, which is a C-order reshape between two reversals of the axes.
    NumPy gives a view where the array's strides allow one: an F-order result of more than one dimension from one
    of more than one (whether it is a view depends on strides the graph does not know) refuses writes through it
    (``view_kind="maybe"``). ``"A"`` and ``"K"`` follow the input's memory layout, which a graph input does not
    fix: refused, except where every order gives the same items."""
    x = as_tensor(x)
    order = _memory_order(order, x, name)
    if copy_ is not None and not isinstance(copy_, (bool, np.bool_)):
        raise ValueError(f"copy must be True, False or None, not {copy_!r}")
    if copy_ is False and (order == "F" or x._view is not None):
        raise NotStageable(f"{user_location()}: {name}(..., copy=False): whether NumPy can give it without a copy "
                           "depends on the array's strides, which a graph does not fix; leave copy out (None)")
    if order == "C" and name == "ravel" and copy_ is None:
        out = _raveled(x)
    elif order == "C":
        out = reshape(x, shape)
    else:
        if isinstance(shape, Tensor) or isinstance(shape, (tuple, list)) and any(isinstance(d, Tensor) for d in shape):
            raise NotStageable(f"{user_location()}: {name} with order='F' to a shape computed in the graph is not "
                               "supported; reshape in C order (the default) or give the shape as Python ints")
        dims = (shape,) if isinstance(shape, (int, np.integer)) else tuple(int(d) for d in shape)
        out = _fortran_reshape(x, dims)
        if out.ndim > 1 and x.ndim > 1:
            old_shape = x.shape
            out = Tensor(out._value, out.builder, view=(x, lambda base: _fortran_reshape(base, dims),
                                                        lambda base, new: _fortran_reshape(new, old_shape)),
                         view_kind="maybe")
    return copy(out) if copy_ else out


def _raveled(x: Tensor) -> Tensor:
    """``np.ravel(x)``: a view of a C-contiguous array, else a C-contiguous copy (where ``x.reshape(-1)`` would be
    a view of a reversed or strided vector, and a later kernel, a dot or a sum, would read it in another order). Its
    value is a ``contiguous`` node's reshaped (the array itself where it is contiguous already)."""
    def forward(base: Tensor) -> Tensor:
        return bind1("reshape", [bind1("contiguous", [base], order="C")], shape=(-1,))

    out = forward(x)
    return Tensor(out._value, out.builder, view=(x, forward, _reshaped_back),
                  view_kind="maybe" if x._view is not None or _laid_out_otherwise(x) else "raveled")


def _fortran_reshape(x: Tensor, dims: tuple) -> Tensor:
    """``x`` reshaped to ``dims`` reading and writing the items first index fastest (NumPy's ``order="F"``)."""
    return transpose(reshape(transpose(x), dims[::-1]))


def _memory_order(order: Any, x: Tensor, name: str) -> str:
    """``order`` as "C" or "F" (NumPy's own error for an order it does not know); "A" / "K" where ``x``'s layout
    cannot change the result (at most one dimension longer than 1), else refused."""
    if order is None:
        return "C"
    if not isinstance(order, str) or order.upper() not in ("C", "F", "A", "K"):
        np.ravel(np.zeros(1), order=order)  # NumPy's own error for what it does not take
        raise ValueError(f"order must be one of 'C', 'F', 'A' or 'K' (got {order!r})")
    order = order.upper()
    if order in ("A", "K"):
        if sum(1 for d in x.shape if d != 1) <= 1:
            return "C"
        raise NotStageable(f"{user_location()}: {name} with order={order!r} follows the input's memory layout "
                           "(C or Fortran), which a graph does not fix; say order='C' or order='F'")
    return order


def transpose(x: Any, axes: Any = None) -> Tensor:
    x = as_tensor(x)
    if isinstance(axes, Tensor):  # (values the graph fixes: np.concatenate([[k], np.arange(k)]); else a refusal)
        known = known_value(axes)
        axes = list(known) if known is not None else axes
    # operator.index: a Python or NumPy int as it is, an item of a tensor whose values the graph fixes as that value
    axes = (tuple(range(x.ndim))[::-1] if axes is None
            else tuple(normalize_axis(operator.index(a), x.ndim) for a in axes))
    if axes == tuple(range(x.ndim)):
        return alias(x)
    out = bind1("transpose", [x], axes=axes)
    inverse = tuple(int(a) for a in np.argsort(axes))
    return Tensor(out._value, out.builder, view=(x, lambda base: bind1("transpose", [base], axes=axes),
                                                 lambda base, new: bind1("transpose", [new], axes=inverse)))


def alias(x: Tensor) -> Tensor:
    """Another view of all of ``x`` (``x[:]``, ``x.reshape(x.shape)``, ``x.transpose()`` of a vector): NumPy gives a
    new array object over the same elements, so writes through either reach both, but ``x[:] is x`` is False (a
    function that returns it returns a new object, not its argument)."""
    def same_elements(base: Tensor) -> Tensor:
        builder = current_builder()
        return Tensor(builder.value_of(*base.ref()), builder)

    value, owner = x.ref()
    return Tensor(value, owner, view=(x, same_elements, lambda base, new: new))


READ_ONLY = "assignment destination is read-only"  # (NumPy's words for a write; "output array is read-only" for out=)


def _read_only() -> Exception:
    return ValueError(READ_ONLY)


def read_only_view(x: Tensor, compute: Callable[[Tensor], Tensor],
                   refusal: Callable[[], Exception] = _read_only) -> Tensor:
    """``compute(x)`` as a read-only view of ``x``, as NumPy makes them (``np.broadcast_to``, ``np.diagonal``,
    ``x.imag`` of a real array): a read after ``x`` is written sees its new values; a write into it raises
    ``refusal()``, NumPy's ValueError by default."""
    def back(base: Tensor, new: Tensor) -> Tensor:
        raise refusal()
    out = compute(x)
    return Tensor(out._value, out.builder, view=(x, compute, back))


def _same_kind(source: Tensor, made: Any) -> Any:
    """``made``, the 0-d result of a method of ``source`` that keeps what its object is (``reshape``, ``astype``,
    ``transpose``), told so: of a NumPy scalar, a NumPy scalar; of an array (0-d or not), an array
    (``np.asarray(x[0]).reshape(())`` is a 0-d array, ``x[0].reshape(())`` a scalar)."""
    if isinstance(made, Tensor) and made is not source and made.ndim == 0:
        scalar = stands_for_scalar(source) if source.ndim == 0 else False
        made._array = UNTOLD if scalar is None else not scalar
    return made


def copy(x: Any) -> Tensor:
    """A new tensor with ``x``'s current contents, sharing nothing with it (``x.copy()``, ``np.copy``). It belongs
    to the graph being traced (a copy made inside a staged branch or loop body of a tensor from before it is
    that body's own: a write into it is not a write into a tensor of the enclosing graph)."""
    value, owner = as_tensor(x).ref()
    builder = current_builder()
    if builder is None or builder is owner:
        made = Tensor(value, owner)
    else:
        made = Tensor(builder.value_of(value, owner), builder)
    if isinstance(x, Tensor) and x.ndim == 0:  # (x.copy() is what x is: an array or a NumPy scalar)
        scalar = stands_for_scalar(x)
        made._array = None if scalar is None else not scalar
    return made


_copy = copy  # (for Tensor.astype, whose copy= parameter is NumPy's)


# For each kind of tensor that may or may not share memory with the array it came from (``Tensor``'s ``view_kind``):
# what made it, and what to do instead of a write into it, and instead of a read of it after a write into its base.
_MAYBE_SHARED = {
    "maybe": ("reshaping a view (or an array laid out in Fortran order, or one NumPy may lay out otherwise than in C "
              "order: one computed from a transpose or a Fortran-ordered array, an advanced index's result)",
              "Write into the original array, or into a .copy() of the reshaped one.",
              "Take .copy() of the reshaped array, or reshape after the write."),
    "layout": ("np.ascontiguousarray, np.asfortranarray or np.asarray(..., order=) (the array itself where its "
               "memory layout is the one asked for, else a copy)",
               "Write into the original array, or into np.array(x, order=...), which always copies.",
               "Take np.array(x, order=...), which always copies, or make it after the write."),
}


# The view kinds that are NumPy's views of an array only where its memory layout allows (``x.reshape(...)`` of an
# array that is no view: where no copy is needed; ``x.ravel()``: where ``x`` is C-contiguous). A fresh array is laid
# out so; an argument is laid out as the caller's array is, which a trace does not fix: where the graph relies on
# such a view of an argument (a write through it, a read of it after the argument was written), the call checks the
# argument's layout before the graph runs (autograph/call_boundary.py, ``check_layouts``).
_LAYOUT_VIEWS = frozenset({"reshaped", "raveled"})


def _rely_on_layout(view: Tensor) -> None:
    """Note, on the outermost trace, that the graph relies on ``view`` sharing memory with its base, where the base
    is an argument of the function: ``(kind, shape, site)`` under the argument's id (``layout_requirements``); where
    the base is an array the function computed from arguments, that NumPy lays it out in C order, as it does where
    those arguments are C-contiguous (``_c_order_known``): ``("c_order", shape, site)`` under each one's id."""
    base = view._view[0]
    root = current_builder().root()
    arguments = getattr(root, "arguments", ())
    if any(base is argument for argument in arguments):
        _need(root, base, (view._view_kind, view._value.shape, user_site()))  # (not view.shape: reads the view again)
        return
    entry = root.c_order_relied.get(id(base))  # (noted by _laid_out_otherwise as the view was made)
    if entry is None or entry[0] is not base:
        return
    for argument, value in zip(arguments, root.inputs):  # (the trace's inputs start with its arguments' values)
        if any(value is input_value for input_value in entry[1]):
            _need(root, argument, ("c_order", tuple(value.shape), user_site()))


def _need(root: Any, argument: Tensor, need: tuple) -> None:
    needs = root.layout_requirements.setdefault(id(argument), [])
    if all(kept[:2] != need[:2] for kept in needs):
        needs.append(need)


def layouts_differ(shape: Sequence[Any]) -> bool:
    """Whether a C- and an F-ordered array of ``shape`` lie differently in memory: two dims or more longer than 1
    (a dim known only when the graph runs may be), and no dim 0."""
    return 0 not in shape and sum(1 for d in shape if d != 1) >= 2


def order_name(order: Any) -> str:
    """NumPy's ``order=`` as "C", "F", "A" or "K" (None is "K"), or NumPy's own error for one it does not know."""
    if order is None:
        return "K"
    if not isinstance(order, str) or order.upper() not in ("C", "F", "A", "K"):
        np.empty_like(np.zeros(1), order=order)  # NumPy's own error
        raise ValueError(f"order must be one of 'C', 'F', 'A' or 'K' (got {order!r})")
    return order.upper()


def laid_out(x: Tensor, order: str) -> Tensor:
    """``x``'s items laid out as NumPy's ``order`` ("C" or "F") lays out an array it makes: a ``contiguous`` node
    where the layouts differ (runtime/graph/ops_layout.py). NumPy sums in memory order, so a graph that kept
    another layout would round otherwise. A view, or an argument (laid out as the caller's array is), may be strided
    or reversed whatever its shape: a ``contiguous`` node too (NumPy copies it; the kernel gives the array itself
    where it is laid out so already)."""
    return bind1("contiguous", [x], order=order) if layouts_differ(x.shape) or _may_be_strided(x) else x


def _may_be_strided(x: Tensor) -> bool:
    """Whether ``x``'s memory may not be one contiguous run of its items: a view, or an argument of the function, with
    a dimension longer than 1 (only such a dimension's stride matters) and none empty."""
    if 0 in x.shape or all(d == 1 for d in x.shape):
        return False
    if x._view is not None:
        return True
    builder = current_builder()
    return builder is not None and any(x is argument for argument in getattr(builder.root(), "arguments", ()))


def laid_out_like(x: Tensor, prototype: Any, order: Any = "K") -> Tensor:
    """``x``'s items laid out as ``np.empty_like(prototype, order=order, shape=x.shape)`` lays out its array
    (``np.zeros_like``, ``x.copy(order="A")``): "C" and "F" as ``laid_out``; "K" and "A" after the prototype's own
    layout, which the interpreter reads when the graph runs (a ``layout_like`` node)."""
    order = order_name(order)
    if order in ("C", "F"):
        return laid_out(x, order)
    if order == "K" and prototype is x:
        return x  # (x's own layout: the interpreter's value of x has it)
    if not isinstance(prototype, Tensor) or prototype.ndim != x.ndim or not layouts_differ(prototype.shape) \
            or not layouts_differ(x.shape):
        return x  # (a prototype NumPy makes C-ordered, or whose layout cannot differ, gives a C array)
    return bind1("layout_like", [x, prototype], order=order)


def clip(x: Any, lo: Any, hi: Any) -> Tensor:
    if lo is None and hi is None:
        raise ValueError("clip: one of min or max must be given")
    lo, hi = _clip_bounds(x, lo, hi)
    if lo is None:
        return apply("minimum", x, hi)
    if hi is None:
        return apply("maximum", x, lo)
    return apply("clip", x, lo, hi)


def _clip_bounds(x: Any, lo: Any, hi: Any) -> tuple[Any, Any]:
    """The bounds as NumPy clips an integer array with them: a Python int beyond the array's dtype (``np.clip(x_u8,
    0, 300)``) is no OverflowError there, as it would be next to the array in an operator (NumPy 2.1+ clips with
    it as if it were the dtype's own bound). Asked of the NumPy installed, on an array of the dtype's extremes: its
    error, raised now, or bounds clamped to the dtype that clip those extremes as NumPy does; else as given."""
    dtype = getattr(x, "dtype", None)
    if dtype is None or np.dtype(dtype).kind not in "iu" or not any(
            type(b) is int and not carry_holds(np.dtype(dtype), b) for b in (lo, hi)):
        return lo, hi
    dtype = np.dtype(dtype)
    info = np.iinfo(dtype)
    extremes = np.array([info.min, 0, info.max], dtype)
    clipped = asked.answer(lambda: np.clip(extremes, lo, hi))

    def clamped(b: Any) -> Any:
        return min(max(b, int(info.min)), int(info.max)) if type(b) is int else b

    if np.array_equal(clipped, asked.answer(lambda: np.clip(extremes, clamped(lo), clamped(hi)))):
        return clamped(lo), clamped(hi)
    return lo, hi


def getitem(x: Tensor, index: Any) -> Tensor:
    """``x[index]`` with ints, slices, None, Ellipsis, integer arrays and tensors (as indices or bounds).
    A basic index (no integer arrays) gives a view of ``x``, as in NumPy, except a single element
    (a NumPy scalar); an integer scalar tensor counts as basic (it stands for a NumPy integer, such
    as a loop index). A boolean mask whose values the trace knows (a NumPy array, ``np.array([True, False])``
    made in the function) selects what ``np.nonzero`` of it indexes, NumPy's own reading of a mask: the
    selection's length is known now, not only when the graph runs."""
    mask = _known_mask(x, index)
    if mask is not None:
        index = np.nonzero(mask)
    template, inputs = index_template(index)
    whole = all(isinstance(it, slice) and it == slice(None) for it in template)
    if whole and (template or x.ndim) and len(template) <= x.ndim or template == (Ellipsis,):
        # (`x[()]` of a 0-d array is its element, a NumPy scalar: a copy, below; more slices than dims, NumPy's
        # IndexError, also below.)
        view = alias(x)
        if view.ndim == 0:
            view._array = True  # `x[...]` is a 0-d ndarray, also of a NumPy scalar, whatever later writes it
        return view
    out = bind1("getitem", [x, *inputs], index=template)
    if any(isinstance(it, Ref) and (inputs[it.k].ndim != 0 or inputs[it.k].dtype == np.bool_) for it in template):
        return out  # advanced indexing (a boolean mask's too, even 0-d) copies
    if out.ndim == 0 and Ellipsis not in template:
        return out  # an element is a NumPy scalar, a copy
    return Tensor(out._value, out.builder,
                  view=(x, lambda base: bind1("getitem", [base, *inputs], index=template),
                        lambda base, new: bind1("setitem", [base, new, *inputs], index=template)))


def _known_mask(x: Tensor, index: Any) -> Optional[np.ndarray]:
    """``index``'s values, if it is a boolean mask of one or more dimensions that the trace knows and that fits
    ``x``'s leading dimensions, all known (a mask that does not fit stays a mask: NumPy's IndexError is its)."""
    if isinstance(index, Tensor):
        if index.dtype != np.bool_ or index.ndim == 0:
            return None
        index = known_value(index)
    if not isinstance(index, np.ndarray) or index.dtype != np.bool_ or index.ndim == 0:
        return None
    return index if index.shape == tuple(x.shape[:index.ndim]) else None


def index_template(index: Any) -> tuple[tuple, list]:
    """``index`` as a getitem/setitem template (``Ref(k)`` for the k-th tensor) and those tensors."""
    items = index if isinstance(index, tuple) else (index,)
    inputs: list[Tensor] = []

    def place(item: Any) -> Any:
        if item is None or item is Ellipsis or isinstance(item, slice) and item.start is item.stop is item.step is None:
            return item  # (`is`, not a slice's ==: that would compare a traced bound with None)
        if isinstance(item, (bool, np.bool_)):
            # (NotStageable, not the IndexError it was, which a program's `except IndexError:` took for NumPy's)
            raise NotStageable(f"{user_location()}: a bool as an index (x[True], NumPy's new axis of one item or "
                               "none) is not supported in graphs: write x[None] (or x[None][:0])")
        if isinstance(item, (int, np.integer)):
            return int(item)
        if isinstance(item, slice):
            return slice(place(item.start), place(item.stop), place(item.step))
        if isinstance(item, (list, tuple)) and not item:
            item = np.empty(0, np.intp)  # (NumPy takes an empty sequence as an empty integer index: x[:, ()])
        if holds_tensor(item):
            item = nest_array(item)  # x[[i, p]] with traced i, p: the index array np.array would make
        t = as_tensor(item)
        if t.dtype.kind not in "iub":  # NumPy's IndexError, where the program wrote the index
            raise IndexError(f"{user_location()}: arrays used as indices must be of integer (or boolean) type")
        # (A boolean mask is an index input too: its selection's length is `?`, known when the graph runs;
        # docs/graph_numpy_functions.md, "Data-dependent shapes".)
        inputs.append(t)
        return Ref(len(inputs) - 1)

    return tuple(place(it) for it in items), inputs


# --- writes ------------------------------------------------------------------------------------------

def setitem(x: Tensor, index: Any, value: Any) -> None:
    """``x[index] = value``: x holds a ``setitem`` node's output from now on (and so does its base,
    if x is a view). A boolean tensor mask of known shape that is the whole index, given a scalar, is
    ``np.where`` (``x[x < 0] = 0``, which XLA compiles too); other masks stay masks in the ``setitem``
    (``x[m] = other[m]``: NumPy's kernel checks the counts when the graph runs); a constant NumPy mask
    as the whole index becomes the integer indices it selects. A list or tuple holding tensors is the array NumPy
    makes of it (``out[:] = [b1[0], b2[0]]``, pyACA's gammatone coefficients)."""
    if refused_write(x.dtype, value):
        return  # (NumPy's error, raised where the write runs: x keeps its value on the paths that get past it)
    if holds_tensor(value):
        value = nest_array(value)
    elif value is None:
        value = _written_none(x.dtype)
    items = index if isinstance(index, tuple) else (index,)
    if len(items) == 1 and _is_bool_mask(items[0]):
        (mask,) = items
        if not isinstance(mask, Tensor):
            index = np.nonzero(np.asarray(mask))
        elif None not in mask.value.shape + x.value.shape and as_tensor(value).ndim == 0:
            new = as_tensor(value)
            if mask.shape != x.shape[:mask.ndim]:
                raise IndexError(f"boolean index of shape {mask.shape} does not match the array's shape {x.shape}")
            mask = reshape(mask, mask.shape + (1,) * (x.ndim - mask.ndim)) if mask.ndim < x.ndim else mask
            assign_in_place(x, apply("where", mask, cast(new, x.dtype), x))
            return
    template, inputs = index_template(index)
    if x.dtype.kind in "iu" and scalar_writes.is_basic(inputs):  # a scalar: NumPy's integer, or its error
        value = integer_scalar_write(x.dtype, value)
        if value is REFUSED:
            return
    write(x, bind1("setitem", [x, value if isinstance(value, Tensor) else constant(value), *inputs],
                   index=template))


def refused_write(dtype: np.dtype, value: Any, single_flat_item: bool = False) -> bool:
    """Whether NumPy refuses to write the Python number ``value`` (or one in a list or tuple) into an array of
    ``dtype``: ``y[0] = 300`` into uint8, ``y[:2] = [1, -1]`` into uint32 are NumPy's OverflowError, where a cast
    of the constant would wrap it (44) and write another number. Then a graph assertion raises NumPy's error, in its
    words, when the write runs (inside a staged branch, only when the data takes it), and True comes back: nothing
    is written. A NumPy array or scalar is cast as NumPy casts it (no error), and is not looked at.
    ``single_flat_item``: the write is ``a.flat[k] = value`` at one position, whose error NumPy words otherwise
    (a ValueError, "Error setting single item of array.")."""
    numbers = list({(type(n), n): n for n in _python_numbers(value)}.values())  # (-1 and -1.0 convert apart)
    if not numbers:
        return False
    if single_flat_item:
        error, message = asked.error_of(lambda: np.zeros(1, dtype).flat.__setitem__(0, numbers[0]))
    else:  # NumPy converts each Python number of a list to the array's dtype: [1.5, 300] fails on its 300
        error, message = asked.error_of(lambda: np.zeros(len(numbers), dtype).__setitem__(slice(None), numbers))
    if error not in (OverflowError, ValueError) or not message:
        return False
    bind("assert", [constant(False)], message=message, error=error, where=user_location())
    return True


def _python_numbers(value: Any) -> list:
    """The Python numbers in ``value``: itself, or the items of a list or tuple (nested), beside what else it holds
    (a tensor, a NumPy value: NumPy casts those without asking)."""
    if type(value) in (bool, int, float, complex):
        return [value]
    if type(value) in (list, tuple):
        return [number for item in value for number in _python_numbers(item)]
    return []


def _written_none(dtype: np.dtype) -> Any:
    """What NumPy writes for ``x[i] = None`` into an array of ``dtype``: NaN into floats, False into bools, its own
    TypeError for integers (asked of NumPy, on one element). HydroErr writes ``replace_inf=None`` so in a staged
    branch that the data may never take."""
    element = np.zeros(1, dtype)
    element[0] = None
    return element[0]


REFUSED: Any = object()  # integer_scalar_write's answer where NumPy's error was staged: nothing to write


def integer_scalar_write(dtype: np.dtype, value: Any, flat_item: bool = False) -> Any:
    """``value`` as NumPy writes a scalar into an array of integer ``dtype`` at a basic index (``x[i] = v``,
    ``x[:] = v``, ``x.fill(v)``; ``flat_item``: at one position of ``x.flat``, whose errors NumPy words as one
    ``ValueError``): what to write, or ``REFUSED`` where NumPy's error was staged instead (an assert, raised where
    the write runs: inside a staged branch only when the data takes it). Anything but a float or integer scalar
    comes back as it is."""
    if isinstance(value, Tensor):
        return _scalar_write(dtype, value, flat_item)
    try:
        written = scalar_writes.static_value(dtype, value, flat_item)
    except (ValueError, OverflowError) as error:
        bind("assert", [constant(False)], message=str(error), error=type(error), where=user_location())
        return REFUSED
    return value if written is None else written


def _scalar_write(dtype: np.dtype, value: Tensor, flat_item: bool = False) -> Tensor:
    """The 0-d float or integer ``value`` as NumPy writes such a scalar into an array of integer ``dtype`` at a basic
    index: NumPy's checks as the graph's asserts, then the integer it writes (runtime/graph/scalar_writes.py). A tensor
    that may be a scalar or a 0-d array (an argument an ``input_signature`` types) is checked as a scalar: an
    error where NumPy might give the array cast's value, never a value where NumPy raises."""
    if value.ndim != 0 or value.dtype.kind not in "fciu":
        return value
    if stands_for_scalar(value) is False:  # cast as an array is (the interpreter may hold a 0-d array as a NumPy
        return cast(value, dtype)  # scalar, which its kernel would write as one)
    error, message = scalar_writes.flat_item_error(np.dtype(dtype)) if flat_item else (None, None)
    if value.dtype.kind in "iu":  # an integer scalar: a signed dtype must hold it (scalar_writes.integer_checks)
        for check in scalar_writes.integer_checks(value.dtype, np.dtype(dtype)):
            low, high = constant(check.low, value.dtype), constant(check.high, value.dtype)
            ok = (np.less_equal(value, high) if check.kind == "long" else
                  np.logical_and(np.greater_equal(value, low), np.less_equal(value, high)))
            bind("assert", [cast(ok, bool)], message=message or check.message, error=error or check.error,
                 where=user_location())
        return cast(value, dtype)
    v = cast(np.real(value) if value.dtype.kind == "c" else value, np.float64)  # (NumPy makes a Python float first)
    for check in scalar_writes.checks(np.dtype(dtype)):
        if check.kind == "nan":
            ok = np.logical_not(np.isnan(v))
        elif check.kind == "inf":
            ok = np.logical_not(np.isinf(v))
        elif check.kind == "long":
            ok = np.logical_not(np.logical_or(v < -check.high, v >= check.high))  # (nan passes, as in NumPy)
        else:
            ok = np.logical_and(v > check.low, v < check.high)
        bind("assert", [cast(ok, bool)], message=message or check.message, error=error or check.error,
             where=user_location())
    return cast(v, dtype)


def _is_bool_mask(item: Any) -> bool:
    dtype = getattr(item, "dtype", None)
    return dtype is not None and np.dtype(dtype) == np.bool_ and getattr(item, "ndim", 0) > 0


def assign_in_place(target: Tensor, value: Any) -> None:
    """``target[...] = value``: ``target`` (and what it is a view of) holds ``value`` from now on,
    broadcast to its shape and cast to its dtype as NumPy's assignment casts (a Python number it cannot hold
    is NumPy's error: ``refused_write``)."""
    if not isinstance(value, Tensor) and refused_write(target.dtype, value):
        return
    new = as_tensor(value)
    if new.shape != target.shape or new.dtype != target.dtype:
        new = bind1("setitem", [target, new], index=(Ellipsis,))
    write(target, new)


def check_out(target: Any) -> None:
    """NumPy's TypeError for ``out=`` a NumPy scalar (a 0-d tensor known to stand for one): it is immutable."""
    if type(target) is Tensor and written_scalar(target):
        raise TypeError("return arrays must be of ArrayType")


def write_result(target: Tensor, result: Tensor, name: str) -> None:
    """Store a ufunc's ``result`` into ``target`` as ``out=target`` does: same shape, same_kind cast."""
    check_out(target)
    if result.shape != target.shape and not (None in result.shape or None in target.shape):
        raise ValueError(f"non-broadcastable output operand with shape {target.shape} doesn't match the "
                         f"broadcast shape {result.shape}")
    if not np.can_cast(result.dtype, target.dtype, "same_kind"):
        ufunc = getattr(np, name.removeprefix("np."), None)
        if isinstance(ufunc, np.ufunc) and ufunc.nin == 2:  # NumPy's own error (its class is TypeError's subclass)
            with np.errstate(all="ignore"):
                one = np.ones(1, result.dtype)
                ufunc(one, one, out=np.ones(1, target.dtype))
        raise TypeError(f"Cannot cast ufunc '{name.removeprefix('np.')}' output from dtype('{result.dtype}') "
                        f"to dtype('{target.dtype}') with casting rule 'same_kind'")
    assign_out(target, result)


def assign_out(target: Tensor, value: Any) -> None:
    """``assign_in_place`` for a ufunc's ``out=`` (``x op= y`` too), where a read-only target is NumPy's other
    ValueError."""
    try:
        assign_in_place(target, value)
    except ValueError as error:
        if error.args != (READ_ONLY,):  # (a read-only view's refusal: read_only_view)
            raise
        raise ValueError("output array is read-only") from None


def write(target: Tensor, new: Tensor, mirrored: tuple = (), carried_out: bool = False, when: Any = None) -> None:
    """Make ``target`` hold ``new`` (same shape and dtype): writes through views to their bases, and into the
    arrays a staged statement made the base one with on some paths (runtime/graph/path_aliases.py; ``mirrored``:
    the arrays this write was mirrored from; ``when``: for a mirrored write, the condition under which it changes
    ``target`` at all, None for the program's own write). ``carried_out``: the write hands a staged statement's
    result to the array its branches or body wrote into, whose writes were mirrored (or checked) where they ran: a
    loop that ran no iteration wrote nothing, and neither does this."""
    builder = current_builder()
    if builder is None:  # a tensor kept after its trace ended, written outside any trace
        raise leaked_tensor_error(target._value, target.builder)
    seen = None
    if target._view is None:  # the array the write lands in: remember where it was first written
        root = builder.root()
        if id(target) not in root.first_writes:
            root.first_writes[id(target)] = user_site()
    else:
        if target._view_kind in _LAYOUT_VIEWS:
            _rely_on_layout(target)
        elif target._view_kind != "view":
            made, remedy, _ = _MAYBE_SHARED[target._view_kind]
            raise NotStageable(
                f"{user_location()}: writing into the result of {made}: NumPy shares memory with the original only "
                f"for some layouts, so the graph cannot tell whether the write should reach it. {remedy}")
        base, _, backward = target._view
        write(base, backward(base, new), mirrored, carried_out, when)
        seen = base.stamp()
    target._version += 1
    target._array = True  # (written into: a NumPy scalar cannot be)
    target._keep(new, builder, seen)
    if target._view is None and not carried_out:
        for written, partner, condition, exact in path_aliases.to_mirror(target, mirrored):
            # A mirrored write changed ``target`` only where ``when`` holds: its partners take it only there too.
            # (``w = x[::-1]; y = x if c else w; x[0] = v``: the write into x reaches y where c holds; mirrored on
            # from y to w where c does not, it would put y's old value over w's new one.)
            if when is not None:
                condition = when if condition is path_aliases.ALWAYS else apply("logical_and", when, condition)
            if exact:  # the partner is the written array where the condition holds
                write(partner, apply("where", condition, written, partner), (*mirrored, target, written),
                      when=condition)
                continue
            holds = constant(False) if condition is path_aliases.ALWAYS else apply("logical_not", condition)
            bind("assert", [holds], message=path_aliases.message(), error=NotStageable, where=user_location())


_COMPREHENSIONS = frozenset({"<listcomp>", "<setcomp>", "<dictcomp>", "<genexpr>"})


def _runs_as_written(frame: Any) -> Optional[str]:
    """Why the user's ``frame`` runs as written although converted code led to it, and what to do (None where no
    converted code called it): a generator on the way (autograph runs generators as written), or a function
    Python called for the converted code (an operator, a property, a library's callback). A comprehension's own
    frame (before 3.12) stands for the function it is in, which is the one to name."""
    while frame is not None and frame.f_code.co_name in _COMPREHENSIONS:
        frame = frame.f_back
    if frame is None or is_converted_code(frame.f_code):  # (converted itself: it runs its converted form)
        return None
    generator = frame if frame.f_code.co_flags & _GENERATOR_FLAGS else None
    caller = frame.f_back
    while caller is not None and not is_converted_code(caller.f_code):
        if generator is None and caller.f_code.co_flags & _GENERATOR_FLAGS and not is_machinery(
                caller.f_code.co_filename):
            generator = caller
        caller = caller.f_back
    if caller is None:
        return None
    name = qualified_name(frame.f_code)
    if generator is not None:
        # A generator the converted code iterates: autograph runs generators as written (docs/limitations.md).
        made_by = qualified_name(generator.f_code)
        where = f"It is in {name}, a generator" if generator is frame else (
            f"It is in {name}, called from {made_by}, a generator")
        return (where + ": autograph runs generators as written (a `yield` cannot be staged), also when converted "
                "code iterates them. Write the loop in the converted function itself (the generator's body inlined, "
                "its `yield` replaced by the code that used each item), or use NumPy functions that work on tensors "
                "there, such as np.where instead of an `if`.")
    # The function was converted, and this one it called is not: Python called it for the converted code (an
    # operator calling __add__, a property, a library's callback), which autograph cannot see.
    return (f"It is in {name}, which runs as written although the code that led here was converted: autograph "
            "converts the functions converted code calls by name, not those Python calls for it (an operator such as "
            f"`+` calling `__add__`, a property, a method a library calls back). Decorate {name} with "
            "@autograph.convert so its `if`, `while` and `for` on tensors become graph control flow, or use NumPy "
            "functions that work on tensors there, such as np.where instead of an `if`.")


def _no_extra_kwargs(name: str, kwargs: dict) -> None:
    extra = {k: v for k, v in kwargs.items() if v is not None and not (k == "where" and v is True)}
    if extra:
        raise NotStageable(f"{name}: argument(s) {', '.join(extra)} are not supported in graphs")


# --- errors that point at the user's code ---------------------------------------------------------

def concrete_error(t: Tensor, what: str) -> TypeError:
    head = (f"{user_location()}: {what} needs the value of a graph tensor ({t.value.type_str}), but a tensor's "
            "value is not known while tracing, only when the graph runs. ")
    frame = user_frame()
    if _called_from("numpy.ma", frame):
        return NotStageable(
            head + "It was asked by np.ma (masked arrays), which graphs do not support: a masked array holds NumPy "
            "arrays, which a graph tensor cannot become while tracing. Compute with the mask as an array instead: "
            "np.where(mask, fill, x), or weights (x * ~mask).")
    if frame is not None and installed_library(frame.f_code.co_filename):
        # A library we do not convert (SciPy, ...) asked for the array (user_location names it, after the user's
        # call of it).
        library = f"{frame.f_globals.get('__name__', '?')}.{frame.f_code.co_name}"
        return NotStageable(
            head + f"It was asked for inside {library}, a library function that turns its arguments into NumPy "
            "arrays, which a graph tensor cannot become while tracing. Call it outside the traced function and "
            "pass its result in, or compute the same with NumPy functions that graphs support "
            "(docs/graph_numpy_functions.md).")
    numpy_function = _numpy_caller(frame)
    if numpy_function is not None:
        # NumPy code the user called (not one of the functions graphs support) turned the tensor into an array.
        iterate = ("; to visit each element, iterate np.ndindex(t.shape) and read t[idx]: "
                   "`for idx in np.ndindex(t.shape): v = t[idx]`" if "ndenumerate" in numpy_function else "")
        return NotStageable(
            head + f"It was asked inside {numpy_function}, NumPy code that turns its argument into a NumPy array, "
            f"which a graph tensor cannot become while tracing{iterate}. Compute the same with NumPy functions "
            "that graphs support (docs/graph_numpy_functions.md), or call it outside the traced function and pass "
            "its result in.")
    if frame is not None and _running(frame, _CONTAINS):
        # `x in (a, b)`: the container compares x with each item and asks Python whether each is equal.
        return NotStageable(
            head + "It was asked by `in` (or `not in`), which compares the value with each item of the container "
            "and asks Python whether each comparison is true, so it always gives a Python bool. With a traced "
            "value, compare item by item: `(x == a) | (x == b)` for `x in (a, b)`, or np.isin(x, items).")
    if frame is not None and what.startswith(("float(", "int(", "complex(", "using a tensor as a Python int")) \
            and _percent_format(frame):
        # `raise ValueError("got %.3f" % x)`: str's % asks Python for the number; a format spec does not.
        return NotStageable(
            head + "It was asked by `%` formatting (\"%g\" % x, \"%d\" % x), which asks Python for the number "
            "(converted code writes the value in for a template that is a string constant; this one is not). "
            "Write an f-string with a format spec instead, f\"{x:g}\" or \"{:g}\".format(x): in a `raise` under a "
            "staged `if`, an `assert` or a print, the graph writes the value in when it runs.")
    if in_converted_code():
        # The converter already turned this function's if/while/for into graph control flow: what is left
        # is a Python construct it leaves alone (a comprehension's condition, a generator, a call).
        return NotStageable(
            head + "This line is in converted code, so it is not an `if`, `while` or `for` statement: it is a "
            "construct that asks Python for the value (a condition inside a comprehension or generator, "
            "an `assert` in code that is not converted, a library that calls bool()/float(), an item written "
            "into a NumPy array made where the code is not converted: `obj.buf[i] = t`, `obj.buf` made by "
            "np.empty in an __init__). Compute it with NumPy functions that work on tensors instead, such as "
            "np.where(cond, a, b) for a choice, np.any/np.all for a test, .astype(float) for a conversion; make "
            "the array in the converted function (np.zeros there is a graph array that takes tensors).")
    reason = _runs_as_written(frame)
    if reason is not None:
        return NotStageable(head + reason)
    return NotStageable(
        head + "If this is an `if`, `while` or `for` on a tensor, convert the function with autograph "
        "(autograph.function or autograph.to_graph) so it becomes graph control flow (cond / while_loop); "
        "otherwise use NumPy functions that work on tensors, such as np.where instead of an `if`.")
