"""The NumPy kernels of the core ops that are not a ufunc or an operator function (``ops`` puts each in
its op's record). A kernel is ``kernel(*input_arrays, **attrs)`` and returns the output (or a tuple for
several).

The interpreter's warnings filter (``kernels.own_warnings``) matches the frames of this module as it
does its own: a RuntimeWarning NumPy issues inside one of these functions (an overflow in ``sum``, an
invalid value in ``cast``) is a frame of this module, and ``kernels.failed`` issues it again at the
user's line. So every core kernel that is Python code lives here, and this module imports nothing of
the graph package but ``shapes``: ``ops`` imports it.
"""

from __future__ import annotations

import builtins
import operator
from typing import Any, Callable, Optional, Sequence

import numpy as np

from runtime.graph import shapes
from runtime.staging import site_first_without_notes

# Reductions through the ufunc's own reduce (positional arguments: the fastest call NumPy has).

def sum_(x: Any, axis: Any, keepdims: bool) -> Any:
    return np.add.reduce(x, axis, None, None, keepdims)


def prod(x: Any, axis: Any, keepdims: bool) -> Any:
    return np.multiply.reduce(x, axis, None, None, keepdims)


def max_(x: Any, axis: Any, keepdims: bool) -> Any:
    return np.maximum.reduce(x, axis, None, None, keepdims)


def min_(x: Any, axis: Any, keepdims: bool) -> Any:
    return np.minimum.reduce(x, axis, None, None, keepdims)


def mean(x: Any, axis: Any, keepdims: bool) -> Any:
    return x.mean(axis, None, None, keepdims)


def any_(x: Any, axis: Any, keepdims: bool) -> Any:
    return x.any(axis, None, keepdims=keepdims)


def all_(x: Any, axis: Any, keepdims: bool) -> Any:
    return x.all(axis, None, keepdims=keepdims)


def argmax(x: Any, axis: Any, keepdims: bool) -> Any:
    return np.argmax(x, axis, keepdims=keepdims)


def argmin(x: Any, axis: Any, keepdims: bool) -> Any:
    return np.argmin(x, axis, keepdims=keepdims)


def cumsum(x: Any, axis: Any) -> Any:
    return np.cumsum(x, axis)


def cumprod(x: Any, axis: Any) -> Any:
    return np.cumprod(x, axis)


def sort(x: Any, axis: Any) -> Any:
    return np.sort(x, axis)


def argsort(x: Any, axis: Any) -> Any:
    return np.argsort(x, axis)


# Array methods, not np.reshape / np.transpose: those wrappers cost more than the work.

def reshape(x: Any, shape: tuple) -> Any:
    return np.asanyarray(x).reshape(shape)


def transpose(x: Any, axes: tuple) -> Any:
    return np.asanyarray(x).transpose(axes)


def broadcast_to(x: Any, shape: tuple) -> Any:
    return np.broadcast_to(x, shape)


def cast(x: Any, dtype: Any) -> Any:
    return x.astype(dtype)


def concatenate(*xs: Any, axis: Any) -> Any:
    return np.concatenate(xs, axis)


def stack(*xs: Any, axis: int) -> Any:
    return np.stack(xs, axis)


def getitem(x: Any, *index_inputs: Any, index: tuple) -> Any:
    if index_inputs:
        index = tuple(_fill(item, index_inputs) for item in index)
    return x[index]


def _fill(item: Any, inputs: Sequence[Any]) -> Any:
    if isinstance(item, shapes.Ref):
        return inputs[item.k]
    if isinstance(item, slice):
        return slice(_fill(item.start, inputs), _fill(item.stop, inputs), _fill(item.step, inputs))
    return item


def take(x: Any, indices: Any, axis: Any, mode: Any) -> Any:
    return np.take(x, indices, axis, mode=mode)


def dim(x: Any, axis: int) -> Any:
    return np.int64(np.shape(x)[axis])


def constant(value: Any) -> Any:
    return value


def full(shape: tuple, fill_value: Any, dtype: Any) -> Any:
    return np.full(shape, fill_value, dtype)


def full_like(x: Any, fill_value: Any, dtype: Any) -> Any:
    return np.full(np.shape(x), fill_value, dtype)


def arange(start: Any, stop: Any, step: Any, dtype: Any) -> Any:
    return np.arange(start, stop, step, dtype)


# State and effects.

def read_variable(variable: Any) -> Any:
    return variable._value


def assign_variable(x: Any, variable: Any) -> Any:
    return variable.set_value(x)


def assign_add_variable(x: Any, variable: Any) -> Any:
    return variable._add(x)


def assign_sub_variable(x: Any, variable: Any) -> Any:
    return variable._add(minus=x)


def print_(*values: Any, template: tuple, sep: str, end: str) -> None:
    builtins.print(*(values[item.k] if isinstance(item, shapes.Ref) else
                     shapes.render(item, values) if isinstance(item, tuple) else item for item in template),
                   sep=sep, end=end)


def assert_(condition: Any, *values: Any, message: str, error: type = AssertionError, where: str = "",
            template: Optional[tuple] = None) -> None:
    """A graph assertion: ``error(message)`` unless every element of ``condition`` holds. ``template``: the
    message with the values of ``values`` written in (runtime/graph/formatted.py), where it holds tensors."""
    if not np.all(condition):
        if template is not None:
            message = shapes.render(template, values)
        raise assertion_error(error, message, where)


# Python's ints grow where int64 wraps: ``python_int`` computes a Python number known only at run time (runtime/graph/
# tensor.py, ``PyNumber``) as Python does and raises where the exact result leaves int64, never the wrapped number.
PYTHON_INT_OVERFLOW = ("Python int too large for the graph: the result of this int arithmetic leaves int64, which a "
                       "graph holds Python ints in (Python's ints grow); compute in float (float(n)) or keep the "
                       "numbers smaller")
_PYTHON_INT_OPS: dict[str, Callable[..., int]] = {
    "add": operator.add, "sub": operator.sub, "mul": operator.mul, "floordiv": operator.floordiv,
    "pow": operator.pow, "left_shift": operator.lshift, "neg": operator.neg, "abs": abs}


def python_int(*values: Any, operation: str, where: str = "") -> np.int64:
    """``operation`` of Python ints (0-d int64 values), exactly as Python computes it; ``OverflowError`` (at the line
    that staged it) where the result leaves int64. A power or shift whose result surely does is not computed."""
    numbers = [int(v) for v in values]
    if operation == "pow" and abs(numbers[0]) > 1 and (abs(numbers[0]).bit_length() - 1) * numbers[1] >= 64:
        raise _python_int_overflow(where)
    if operation == "left_shift" and numbers[0] != 0 and numbers[1] >= 64:
        raise _python_int_overflow(where)
    result = _PYTHON_INT_OPS[operation](*numbers)
    if not -(2 ** 63) <= result < 2 ** 63:
        raise _python_int_overflow(where)
    return np.int64(result)


def _python_int_overflow(where: str) -> OverflowError:
    """The runtime's own error (not the user's message): on Python 3.10, which has no notes, it starts with the line
    that staged the arithmetic, as the kernels' errors do there."""
    return assertion_error(OverflowError, site_first_without_notes(PYTHON_INT_OVERFLOW, where), where)


def assertion_error(error: type, message: str, where: str) -> BaseException:
    """The exception a failed graph assertion raises: the user's exception class with the user's
    message (``raise ValueError(...)`` under a staged ``if`` keeps its type), and, from Python 3.11,
    a note naming the line that staged it."""
    try:
        exc = error(message)
    except Exception:  # a class that takes other arguments
        exc = AssertionError(message)
    if where and hasattr(exc, "add_note"):
        exc.add_note(f"(checked by the graph; staged at {where})")
    return exc
