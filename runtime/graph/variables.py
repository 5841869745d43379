"""Mutable state that survives graph runs: ``Variable``, and the side effects ``print_`` / ``assert_``.

Eagerly a variable is a NumPy array you can replace. While tracing, reading it
adds a ``read_variable`` node and assigning adds an ``assign_variable`` node;
both are stateful, so every run performs them in the traced order, and a read
after an assignment sees the new value. ``print_`` and ``assert_`` work the
same way: eagerly they act now, in a graph they act at every run.
"""

from __future__ import annotations

import builtins
import itertools
import operator
import threading
from typing import Any, Optional

import numpy as np

from runtime.graph import formatted, tensor
from runtime.graph.builder import current_builder
from runtime.graph.shapes import Ref
from runtime.staging import NotStageable, site_first_without_notes, user_location

_names = itertools.count()
# Held while a Variable is read, changed and written back in one step: an add of the interpreter's kernels, and
# a whole run of an XLA program that assigns Variables (runtime/jax/lowering.py: it reads them as inputs and writes
# them back after the run). One for every Variable (a Variable holds no lock, so it copies and pickles); reentrant,
# since a run's host callback (a numpy_function, on the calling thread) may run a graph that adds to one.
UPDATES = threading.RLock()


class Variable:
    """A named, typed array that graphs read and assign. Its shape and dtype are fixed."""

    def __init__(self, value: Any, dtype: Any = None, name: Optional[str] = None) -> None:
        if isinstance(value, tensor.Tensor) and tensor.known_value(value) is not None:
            # A graph array of constants (np.ones(2) in a traced function, runtime/new_arrays.py): the variable
            # copies its value now, as np.array copies a NumPy array's, so a later write cannot reach it.
            value = tensor.known_value(value)
        self._value = self._frozen(np.array(value, dtype=dtype))
        self.name = name or f"variable_{next(_names)}"

    @staticmethod
    def _frozen(array: np.ndarray) -> np.ndarray:
        # Reads hand out this very array (no copy per read), so nobody may write into it.
        array.flags.writeable = False
        return array

    shape = property(lambda self: self._value.shape, doc="The fixed shape, a tuple of ints.")
    dtype = property(lambda self: self._value.dtype, doc="The fixed NumPy dtype.")
    ndim = property(lambda self: self._value.ndim, doc="The number of dimensions.")
    size = property(lambda self: self._value.size, doc="The number of elements.")

    @property
    def value(self) -> Any:
        """The current value: an array eagerly, a ``read_variable`` tensor while tracing."""
        if current_builder() is None:
            return self._value
        return tensor.bind1("read_variable", [], variable=self)

    def numpy(self) -> np.ndarray:
        """A writable copy of the current value."""
        return self._value.copy()

    def assign(self, value: Any) -> Variable:
        """Replace the value (now eagerly, at every run in a graph), cast and broadcast to the variable's type."""
        return self._write("assign_variable", value)

    def assign_add(self, delta: Any) -> Variable:
        """``assign(value + delta)``, in one step."""
        return self._write("assign_add_variable", delta)

    def assign_sub(self, delta: Any) -> Variable:
        """``assign(value - delta)``, in one step."""
        return self._write("assign_sub_variable", delta)

    def _write(self, op: str, value: Any) -> Variable:
        if current_builder() is not None:
            t = tensor.as_tensor(value)
            self._check_cast(t.dtype)
            t = tensor.cast(t, self.dtype)
            if t.shape != self.shape:  # like `array[...] = value`, a value broadcasts to the variable's shape
                t = tensor.bind1("broadcast_to", [t], shape=self.shape)
            tensor.bind(op, [t], variable=self)
            return self
        if isinstance(value, (Variable, np.ndarray, np.generic)):
            self._check_cast(value.dtype)
        value = np.asarray(value.value if isinstance(value, Variable) else value)
        if op == "assign_variable":
            self.set_value(value)
        elif op == "assign_add_variable":
            self._add(value)
        else:
            self._add(minus=value)
        return self

    def _add(self, delta: Any = None, minus: Any = None) -> None:
        """``value + delta`` (or ``value - minus``) in one step under threads (the kernels' entry point too): the
        read, the sum and the write happen under one lock, so runs of a graph on several threads that add to the
        same Variable lose no update (a thread switch between the read and the write lost some)."""
        with UPDATES:
            self.set_value(self._value + delta if minus is None else self._value - minus)

    def _check_cast(self, dtype: np.dtype) -> None:
        if not np.can_cast(dtype, self.dtype, "same_kind"):
            raise TypeError(f"cannot assign a {np.dtype(dtype).name} value to {self.name} ({self.dtype.name})")

    def set_value(self, value: Any) -> None:
        """Replace the array (the kernels' entry point too): broadcast to the variable's shape, cast to its dtype."""
        value = np.asarray(value)
        try:
            value = np.array(np.broadcast_to(value, self.shape), dtype=self.dtype)
        except ValueError:
            raise ValueError(f"cannot assign a value of shape {value.shape} to {self.name} of shape "
                             f"{self.shape}") from None
        self._value = self._frozen(value)

    def __repr__(self) -> str:
        return f"Variable({self.name!r}, {self.dtype.name}{list(self.shape)})"

    def __array__(self, dtype: Any = None, copy: Any = None) -> np.ndarray:
        if current_builder() is not None:
            raise NotStageable(f"np.asarray({self.name}) while tracing would freeze its current value into the "
                            "graph; use the variable directly or its .value")
        return np.array(self._value, dtype=dtype) if copy or dtype is not None else self._value

    def __array_ufunc__(self, ufunc: np.ufunc, method: str, *inputs: Any, **kwargs: Any) -> Any:
        return getattr(ufunc, method)(*_values(inputs), **kwargs)

    def __array_function__(self, func: Any, types: tuple, args: tuple, kwargs: dict) -> Any:
        return func(*_values(args), **kwargs)

    def __getitem__(self, index: Any) -> Any:
        return self.value[index]

    def __len__(self) -> int:
        return len(self._value)

    def __bool__(self) -> bool:
        return bool(self.value)

    def __graph_tensor__(self) -> Any:
        """What a graph sees of this variable: its value (a ``read_variable`` node while tracing)."""
        return self.value

    __hash__ = object.__hash__  # a variable is an identity (node attrs refer to it), despite elementwise ==


def _values(args: Any) -> list:
    """Variables (also inside lists and tuples, as np.stack takes them) replaced by their values."""
    return tensor.given_as_tensors(args, Variable)


def _forward(name: str, reflected: bool) -> Any:
    fn = getattr(operator, name)
    if reflected:
        return lambda self, other: fn(_values([other])[0], self.value)
    return lambda self, other: fn(self.value, _values([other])[0])


for _name in ("add", "sub", "mul", "truediv", "floordiv", "mod", "pow", "matmul", "and", "or", "xor"):
    _op_name = _name + "_" if _name in ("and", "or") else _name
    setattr(Variable, f"__{_name}__", _forward(_op_name, False))
    setattr(Variable, f"__r{_name}__", _forward(_op_name, True))
for _name in ("eq", "ne", "lt", "le", "gt", "ge"):
    setattr(Variable, f"__{_name}__", _forward(_name, False))
Variable.__neg__ = lambda self: -self.value
Variable.__pos__ = lambda self: +self.value
Variable.__abs__ = lambda self: abs(self.value)


def print_(*args: Any, sep: str = " ", end: str = "\n") -> None:
    """``print`` that a graph performs at every run (tensors print as their NumPy values)."""
    if current_builder() is None:
        builtins.print(*_values(args), sep=sep, end=end)
        return
    inputs: list[Any] = []
    template = []
    for arg in args:
        if isinstance(arg, (tensor.Tensor, Variable)):
            inputs.append(tensor.as_tensor(arg))
            template.append(Ref(len(inputs) - 1))
        elif type(arg) is str and (pieces := formatted.template(arg, len(inputs))) is not None:
            template.append(pieces[0])  # a string holding tensors' values (f"x = {x}"): written in at each run
            inputs += [tensor.Tensor(*marked) for marked in pieces[1]]
        else:
            template.append(formatted.plain(arg) if type(arg) is str else arg)
    tensor.bind("print", inputs, template=tuple(template), sep=sep, end=end)


def bind_assert(condition: Any, message: str, error: type, where: str, readable: Optional[dict] = None) -> None:
    """The graph's assertion node: ``error(message)`` when ``condition`` does not hold, with the values of the
    tensors the message holds (``f"got {x}"``) written in when the graph runs (runtime/graph/formatted.py).
    ``readable``: tensors standing in for marks of tensors this graph cannot read, by mark number."""
    pieces = formatted.template(message, readable=readable)
    if pieces is None:
        tensor.bind("assert", [condition], message=formatted.plain(message), error=error, where=where)
    else:
        tensor.bind("assert", [condition, *(tensor.Tensor(*marked) for marked in pieces[1])],
                    message=formatted.plain(message), error=error, where=where, template=pieces[0])


def assert_(condition: Any, message: str = "assertion failed", error: type = AssertionError) -> None:
    """``assert condition, message`` that a graph checks at every run (all elements must be true);
    a failure raises ``error(message)``. On plain values it checks now."""
    if isinstance(condition, Variable):
        condition = condition.value
    if isinstance(condition, tensor.Tensor):
        bind_assert(tensor.cast(condition, bool), str(message), error, user_location())
    elif not np.all(condition):
        raise error(message)


def check(condition: Any, message: str, error: type = AssertionError) -> None:
    """The runtime's own run-time check (an error NumPy raises on the values, which the graph stands in for, or one
    of its refusals): ``assert_``, where the message is the runtime's, never the user's. Python 3.11+ names the line
    that staged it in a note; Python 3.10, which has no notes, puts that line before the message, as the kernels'
    errors do there (runtime/graph/kernels.py)."""
    if isinstance(condition, tensor.Tensor):
        message = site_first_without_notes(message, user_location())
    assert_(condition, message, error)
