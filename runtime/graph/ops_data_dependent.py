"""Library ops whose output size depends on the values: ``np.nonzero``, ``np.argwhere``, ``np.unique``,
the set operations, ``np.bincount`` without ``minlength``, ``np.repeat`` with counts computed in the
graph, ``np.trim_zeros``, and arrays whose size is a value computed in the graph (``np.zeros((n, k))``,
``np.arange(k)``, ``x.reshape(k, -1)``: runtime/graph/tensor_sizes.py). (``x[mask]`` is the core ``getitem`` with a
boolean index input.)

Each op's shape rule says ``None`` (``?``) for the data-dependent dim, and its NumPy kernel is the NumPy
function itself, so the interpreter gives NumPy's exact output, dtype and errors. A compiler that fixes
every shape cannot run them: the JAX rule of each (runtime/jax/rules_data_dependent.py) raises
``DataDependentShape`` at the user's line (``xla_refusal``), unless every input is a constant there
(then NumPy computes it while lowering).

Before (Python, ``x`` a graph tensor)::

    values, counts = np.unique(x, return_counts=True)
    rows, cols = np.nonzero(m)

After (the graph)::

    b:f64[?] c:i64[?] = unique[axis=None return_index=False return_inverse=False return_counts=True equal_nan=True
                               sorted=True] a
    e:i64[?] f:i64[?] = nonzero d
"""

from __future__ import annotations

import inspect
import operator
from typing import Any, Callable

import numpy as np

from runtime.graph import shapes
from runtime.graph.opdefs import define
from runtime.limits import DataDependentShape, NotStageable
from runtime.staging import format_site

INTP = np.dtype(np.intp)  # (what np.nonzero, np.unique and np.bincount count in)


SIZE = "has a data-dependent shape: its size is known only at run time"
LENGTH = "needs the length of an axis that is known only at run time (a data-dependent shape)"


def xla_refusal(node: Any, what: str, error: type = DataDependentShape, why: str = SIZE) -> DataDependentShape:
    """The error for ``node``, whose output size depends on its values, lowered to XLA (executor="jax")."""
    where = format_site(*node.location) if node.location else "<unknown>"
    return error(
        f"{where}: {what} {why}, and executor='jax' compiles the graph with XLA, which fixes every shape (it runs "
        "such an op on NumPy between compiled parts only at the function's top level, not inside a staged `if` or "
        "loop, nor in one exported program). Run this function with executor='numpy' (the default; it runs such "
        "graphs) or executor='auto' (which picks the NumPy interpreter for it by itself)")


DATA_DEPENDENT_OPS: set[str] = set()  # the ops this module defines (x[mask] aside: a getitem)
# What each op's JAX rule (runtime/jax/rules_data_dependent.py) says it refuses: (the call, why).
REFUSALS: dict[str, tuple[str, str]] = {}


def _define(name: str, what: str, rule: Callable, kernel: Callable, why: str = SIZE) -> None:
    define(name, rule, kernel=kernel, jax="runtime.jax.rules_data_dependent")
    DATA_DEPENDENT_OPS.add(name)
    REFUSALS[name] = (what, why)


def _one_or_tuple(result: tuple) -> Any:
    """A kernel's result: one output as itself, several as a tuple (the interpreter's convention)."""
    return result[0] if len(result) == 1 else tuple(result)


# --- nonzero, argwhere ---------------------------------------------------------------------------

def _nonzero_rule(ins, attrs):
    (x,) = ins
    if not x.shape:  # NumPy 2's own error
        raise ValueError("Calling nonzero on 0d arrays is not allowed. Use np.atleast_1d(scalar).nonzero() instead. "
                         "If the context of this error is of the form `arr[nonzero(cond)]`, just use `arr[cond]`.")
    return [((None,), INTP)] * len(x.shape)


_define("nonzero", "np.nonzero", _nonzero_rule, lambda x: _one_or_tuple(np.nonzero(x)))
_define("argwhere", "np.argwhere", lambda ins, attrs: [((None, len(ins[0].shape)), INTP)], np.argwhere)


# --- unique ----------------------------------------------------------------------------------------

# np.unique's `sorted` came with NumPy 2.3; before it, unique always sorts (the op's sorted=True).
UNIQUE_HAS_SORTED = "sorted" in inspect.signature(np.unique).parameters


def _unique(x: Any, return_index: bool, return_inverse: bool, return_counts: bool, axis: Any, equal_nan: bool,
            sorted: bool) -> Any:
    """``np.unique`` as the installed NumPy takes it: ``sorted`` passed where it exists; where it does not,
    sorted=True is what NumPy does anyway, and sorted=False (a graph saved under NumPy 2.3+) is refused."""
    if UNIQUE_HAS_SORTED:
        return np.unique(x, return_index, return_inverse, return_counts, axis=axis, equal_nan=equal_nan,
                         sorted=sorted)
    if not sorted:
        raise NotStageable(f"np.unique(sorted=False) needs NumPy 2.3 or later (NumPy {np.__version__} is "
                           "installed): install a newer NumPy, or trace the function again under this one")
    return np.unique(x, return_index, return_inverse, return_counts, axis=axis, equal_nan=equal_nan)


def _unique_kernel(x: Any, axis: Any, return_index: bool, return_inverse: bool, return_counts: bool,
                   equal_nan: bool, sorted: bool) -> Any:
    result = _unique(x, return_index, return_inverse, return_counts, axis, equal_nan, sorted)
    return tuple(result) if isinstance(result, tuple) else result


def _unique_rule(ins, attrs):
    (x,) = ins
    axis = attrs["axis"]
    # NumPy's own errors (object or structured dtypes, a bad axis), and the inverse's rank, on a probe.
    probe = np.zeros(tuple(2 if d is None else d for d in x.shape), x.dtype)
    answer = _unique(probe, True, True, True, axis, attrs["equal_nan"], attrs["sorted"])
    if axis is None:
        values = (None,)
    else:
        axis = shapes.normalize_axis(axis, len(x.shape))
        values = x.shape[:axis] + (None,) + x.shape[axis + 1:]
    out = [(values, x.dtype)]
    if attrs["return_index"]:
        out.append(((None,), INTP))
    if attrs["return_inverse"]:  # (its shape is x's, or x's length along the axis, by NumPy's version)
        inverse = answer[2]
        if inverse.ndim == len(x.shape) and axis is None:
            shape = x.shape
        elif axis is None:
            shape = (shapes.size(x.shape),)
        else:
            shape = (x.shape[axis],) if inverse.ndim == 1 else tuple(
                d if i == axis else 1 for i, d in enumerate(x.shape))
        out.append((shape, INTP))
    if attrs["return_counts"]:
        out.append(((None,), INTP))
    return out


_define("unique", "np.unique", _unique_rule, _unique_kernel)


# --- set operations ------------------------------------------------------------------------------

def _set_rule(function: Callable, **fixed: Any) -> Callable:
    def rule(ins, attrs):
        a, b = ins
        probe = function(np.zeros(1, a.dtype), np.zeros(1, b.dtype), **fixed, **attrs)  # dtype, NumPy's errors
        if isinstance(probe, tuple):
            return [((None,), probe[0].dtype), ((None,), INTP), ((None,), INTP)]
        return [((None,), probe.dtype)]
    return rule


# (Each kernel names its attrs: a loaded graph's attrs are checked against them.)
_define("intersect1d", "np.intersect1d", _set_rule(np.intersect1d),
        lambda a, b, assume_unique, return_indices: _one_or_tuple(
            np.intersect1d(a, b, assume_unique, return_indices) if return_indices
            else (np.intersect1d(a, b, assume_unique),)))
_define("setdiff1d", "np.setdiff1d", _set_rule(np.setdiff1d),
        lambda a, b, assume_unique: np.setdiff1d(a, b, assume_unique))
_define("setxor1d", "np.setxor1d", _set_rule(np.setxor1d),
        lambda a, b, assume_unique: np.setxor1d(a, b, assume_unique))
_define("union1d", "np.union1d", _set_rule(np.union1d), np.union1d)


# --- bincount, repeat, trim_zeros ----------------------------------------------------------------

def _bincount_rule(ins, attrs):
    x, *weights = ins
    probe = np.bincount(np.zeros(1, x.dtype), *(np.zeros(1, w.dtype) for w in weights))  # dtype, NumPy's errors
    return [((None,), probe.dtype)]


_define("bincount", "np.bincount without minlength=",
        _bincount_rule, lambda x, *weights, minlength: np.bincount(x, *weights, minlength=minlength))


def _repeat_rule(ins, attrs):
    x, repeats = ins
    if repeats.dtype.kind not in "iub":
        raise TypeError(f"Cannot cast array data from dtype('{repeats.dtype}') to dtype('int64') according to the "
                        "rule 'safe'")
    axis = attrs["axis"]
    if axis is None:
        return [((None,), x.dtype)]
    axis = shapes.normalize_axis(axis, len(x.shape))
    return [(x.shape[:axis] + (None,) + x.shape[axis + 1:], x.dtype)]


_define("repeat", "np.repeat with repeats computed in the graph",
        _repeat_rule, lambda x, repeats, axis: np.repeat(x, repeats, axis))


def _trim_zeros_rule(ins, attrs):
    (x,) = ins
    np.trim_zeros(np.zeros((1,) * max(len(x.shape), 1), x.dtype), attrs["trim"])  # NumPy's own errors
    return [((None,) * len(x.shape), x.dtype)]


_define("trim_zeros", "np.trim_zeros", _trim_zeros_rule, lambda x, trim: np.trim_zeros(x, trim))


# --- median and quantiles along an axis of run-time length ---------------------------------------------
#
# The static recipes (numpy_array: a sort, and positions and weights computed from the length while tracing)
# need the length; along an axis known only at run time (np.median(x[mask])) NumPy itself computes them.

def _along_rule(function: Callable) -> Callable:
    def rule(ins, attrs):
        x, *q = ins
        axis = shapes.normalize_axis(attrs["axis"], len(x.shape))
        extra = {} if not q else {"q": 0.5 if attrs["weak_q"] else np.full(q[0].shape, 0.5, q[0].dtype),
                                  "method": attrs["method"]}
        probe = function(np.zeros((2,) * len(x.shape), x.dtype), axis=axis, **extra)  # dtype, NumPy's errors
        return [(tuple(q[0].shape if q else ()) + x.shape[:axis] + x.shape[axis + 1:], np.asarray(probe).dtype)]
    return rule


def _quantile_kernel(x: Any, q: Any, axis: int, method: str, weak_q: bool) -> Any:
    return np.quantile(x, float(q) if weak_q else q, axis=axis, method=method)


_define("median", "np.median", _along_rule(np.median), lambda x, axis: np.median(x, axis=axis), LENGTH)
_define("quantile", "np.quantile (np.percentile)", _along_rule(np.quantile), _quantile_kernel, LENGTH)



# --- arrays whose size is a value computed in the graph -------------------------------------------------
#
# ``np.zeros((n, k))``, ``np.arange(k)``, ``x.reshape(-1, k)`` with ``k`` a 0-d integer tensor (``np.amax(x) + 1``,
# a run-time ``len(x)``): the ``shape`` template holds ints and ``Ref(i)`` for "the value of input i", whose dim
# is ``?``. NumPy's kernel builds the shape when the graph runs, so a negative or non-fitting size is NumPy's own
# error then (runtime/graph/tensor_sizes.py builds these nodes).

def _sized(template: tuple, sizes: tuple) -> tuple:
    """The template with each ``Ref(i)`` replaced by the value of size input ``i`` (a Python int)."""
    return tuple(operator.index(sizes[d.k]) if type(d) is shapes.Ref else d for d in template)


def _template_dims(template: tuple, ins: Any) -> tuple:
    for v in ins:
        if v.shape != () or v.dtype.kind not in "iu":
            raise TypeError(f"an array size must be a 0-d integer value, not {shapes.type_str(v.shape, v.dtype)}")
    if any(type(d) is shapes.Ref and not 0 <= d.k < len(ins) for d in template):
        raise ValueError(f"shape template {template} names an input the node does not have")
    return tuple(None if type(d) is shapes.Ref else d for d in template)


_define("sized_full", "np.zeros / np.ones / np.empty / np.full with a size computed in the graph",
        lambda ins, attrs: [(_template_dims(attrs["shape"], ins), np.dtype(attrs["dtype"]))],
        lambda *sizes, shape, fill_value, dtype: np.full(_sized(shape, sizes), fill_value, dtype))


def _sized_arange_rule(ins, attrs):
    for v in ins:
        if v.shape != ():
            raise TypeError(f"np.arange's bounds must be 0-d values, not {shapes.type_str(v.shape, v.dtype)}")
    return [((None,), np.dtype(attrs["dtype"]))]


def _sized_arange_kernel(start: Any, stop: Any, step: Any, dtype: Any, python: tuple) -> Any:
    # Each bound as eager code holds it: a Python number or a NumPy scalar (np.arange(0, 3, 0) is Python's
    # ZeroDivisionError, with a NumPy 0 step NumPy's own ValueError).
    bounds = [np.asarray(v).item() if p else np.asarray(v)[()] for v, p in zip((start, stop, step), python)]
    return np.arange(*bounds, dtype=dtype)


_define("sized_arange", "np.arange with a bound computed in the graph", _sized_arange_rule, _sized_arange_kernel)


def _sized_reshape_rule(ins, attrs):
    x, *sizes = ins
    dims = _template_dims(attrs["shape"], sizes)
    if sum(d == -1 for d in dims) > 1:
        raise ValueError("can only specify one unknown dimension")
    return [(tuple(None if d == -1 else d for d in dims), x.dtype)]


_define("sized_reshape", "reshape to a size computed in the graph", _sized_reshape_rule,
        lambda x, *sizes, shape: np.reshape(x, _sized(shape, sizes)))
