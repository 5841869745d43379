"""NumPy functions whose output size depends on the values, on graph tensors: the result's data-dependent
dim is ``?`` (known when the graph runs), computed by NumPy itself on the NumPy executor.

Before (Python, ``x`` a graph tensor)::

    idx = np.flatnonzero(x > 0)

After (the graph)::

    b:bool[5] = gt a 0
    c:bool[5] = reshape[shape=(-1,)] b
    d:i64[?] = nonzero c

The ops are in ``ops_data_dependent`` (``x[mask]`` is ``getitem`` with a boolean index input); XLA cannot
compile them: executor="jax" runs them on NumPy between compiled stages at the graph's top level
(runtime/jax/segments.py) and refuses them inside a staged ``if`` or loop, at the user's line
(``DataDependentShape``). docs/graph_numpy_functions.md,
"Data-dependent shapes", lists what works.
"""

from __future__ import annotations

from typing import Any, Optional

import numpy as np

from runtime.graph.numpy_api import arg, implements
from runtime.graph.numpy_array import static
from runtime.graph.ops_data_dependent import UNIQUE_HAS_SORTED
from runtime.graph.tensor import NUMPY_FUNCTIONS, Tensor, bind, bind1, reshape
from runtime.staging import NotStageable, user_location


def _flat(x: Tensor) -> Tensor:
    return reshape(x, (-1,))


# --- nonzero and the functions NumPy writes with it -----------------------------------------------

@implements(np.nonzero)
def nonzero(a: Any) -> tuple:
    """``np.nonzero(a)``: one int64 array of ``?`` positions per dim of ``a``."""
    return tuple(bind("nonzero", [arg(a)]))


@implements(np.flatnonzero)
def _flatnonzero(a: Any) -> Tensor:
    return nonzero(_flat(arg(a)))[0]


@implements(np.argwhere)
def _argwhere(a: Any) -> Tensor:
    return bind1("argwhere", [arg(a)])


@implements(np.extract)
def _extract(condition: Any, arr: Any) -> Tensor:
    # NumPy's own definition: take(ravel(arr), nonzero(ravel(condition))[0]).
    return np.take(_flat(arg(arr)), nonzero(_flat(arg(condition)))[0])


@implements(np.compress)
def _compress(condition: Any, a: Any, axis: Optional[int] = None, out: Any = None) -> Tensor:
    if out is not None:
        raise NotStageable(f"{user_location()}: np.compress: out= is not supported in graphs; use the result")
    cond = arg(condition)
    if cond.ndim != 1:
        raise ValueError("condition must be a 1-d array")
    # NumPy's own definition: take(a, nonzero(condition)[0], axis).
    return np.take(arg(a), nonzero(cond)[0], axis=axis)


# --- unique and the set operations -----------------------------------------------------------------

_SORTED_NOT_GIVEN = object()


@implements(np.unique)
def _unique(ar: Any, return_index: bool = False, return_inverse: bool = False, return_counts: bool = False,
            axis: Optional[int] = None, *, equal_nan: bool = True, sorted: Any = _SORTED_NOT_GIVEN) -> Any:
    if sorted is _SORTED_NOT_GIVEN:
        sorted = True
    elif not UNIQUE_HAS_SORTED:  # NumPy before 2.3 has no `sorted`: its own error
        raise TypeError("unique() got an unexpected keyword argument 'sorted'")
    flags = {name: bool(static("unique", name, v)) for name, v in (
        ("return_index", return_index), ("return_inverse", return_inverse), ("return_counts", return_counts),
        ("equal_nan", equal_nan), ("sorted", sorted))}
    outs = bind("unique", [arg(ar)], axis=static("unique", "axis", axis), **flags)
    return tuple(outs) if len(outs) > 1 else outs[0]


# NumPy 2's array-API forms, written as the installed NumPy writes them: np.unique with equal_nan=False, in a named
# tuple, and from NumPy 2.3 on with sorted=False (np.unique_values([1, 2, 3, 2, 3, 1]) is [3, 2, 1] on 2.4, in the
# order of NumPy's hash table, which the unique op's kernel, np.unique itself, gives).
_SETOPS = getattr(np.lib, "_arraysetops_impl", None)
_UNSORTED = {"sorted": False} if UNIQUE_HAS_SORTED else {}
for _name, _result, _flags in [
        ("unique_all", "UniqueAllResult", dict(return_index=True, return_inverse=True, return_counts=True)),
        ("unique_counts", "UniqueCountsResult", dict(return_counts=True)),
        ("unique_inverse", "UniqueInverseResult", dict(return_inverse=True))]:
    if hasattr(np, _name) and hasattr(_SETOPS, _result):
        NUMPY_FUNCTIONS[getattr(np, _name)] = (lambda result, flags: lambda x: result(
            *np.unique(x, **flags, equal_nan=False, **_UNSORTED)))(getattr(_SETOPS, _result), _flags)
if hasattr(np, "unique_values"):
    NUMPY_FUNCTIONS[np.unique_values] = lambda x: np.unique(x, equal_nan=False, **_UNSORTED)


def _set_operation(name: str) -> Any:
    def impl(ar1: Any, ar2: Any, assume_unique: bool = False, return_indices: bool = False) -> Any:
        attrs = {"assume_unique": bool(static(name, "assume_unique", assume_unique))}
        if name == "intersect1d":
            attrs["return_indices"] = bool(static(name, "return_indices", return_indices))
        elif return_indices:
            raise TypeError(f"{name}() got an unexpected keyword argument 'return_indices'")
        outs = bind(name, [arg(ar1), arg(ar2)], **attrs)
        return tuple(outs) if len(outs) > 1 else outs[0]
    return impl


NUMPY_FUNCTIONS[np.intersect1d] = _set_operation("intersect1d")
NUMPY_FUNCTIONS[np.setdiff1d] = _set_operation("setdiff1d")
NUMPY_FUNCTIONS[np.setxor1d] = _set_operation("setxor1d")
NUMPY_FUNCTIONS[np.union1d] = lambda ar1, ar2: bind1("union1d", [arg(ar1), arg(ar2)])


# --- trim_zeros --------------------------------------------------------------------------------

@implements(np.trim_zeros)
def _trim_zeros(filt: Any, trim: str = "fb", axis: Any = None) -> Tensor:
    if axis is not None:
        raise NotStageable(f"{user_location()}: np.trim_zeros: axis= is not supported in graphs")
    x = arg(filt)
    trimmed = bind1("trim_zeros", [x], trim=static("trim_zeros", "trim", trim))
    where = user_location()

    def refused(*_: Any) -> Tensor:
        raise NotStageable(
            f"{where}: np.trim_zeros gives a view of its argument (NumPy slices it between the first and last nonzero "
            "element), and here the argument is written after it, or the view is written into: the graph does not "
            "follow a view whose bounds depend on the values. Take np.trim_zeros(x).copy() before writing either")
    # (A read after x is written, or a write into it, is refused: NumPy's slice keeps the bounds of the first values.)
    return Tensor(trimmed._value, trimmed.builder, view=(x, refused, refused))


# --- methods ------------------------------------------------------------------------------------------

Tensor.nonzero = lambda self: nonzero(self)
Tensor.compress = lambda self, condition, axis=None, out=None: _compress(condition, self, axis, out)
