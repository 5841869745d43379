"""A 0-d value whose Python type depends on the path a run takes, and the graph value that says which.

Where paths meet, eager Python keeps each path's object, with its type: after ::

    if np.sum(x) > 0:
        raan = 0                  # a Python int
    else:
        raan = np.arctan2(a, b)   # a NumPy float64

``raan`` is the int 0 on one path and a ``np.float64`` on the other (and ``s = 0`` before a loop that adds NumPy
values to it is the int 0 when the loop runs no iteration). A graph holds one value of one dtype there (float64),
so the join also records each path's *kind* (a Python int, float, bool or complex; a NumPy scalar; a 0-d array)
and a *tag*: an int64 value of the graph, the index of the kind the run took (``where(pred, 0, 1)`` for an
``if``; for a loop, whether it ran an iteration). A ``Function`` returns such a value as the kind its tag names
(``autograph/function.py``), and Python operators on it give a value recorded the same way, with the kinds
Python's operator gives each path's (``r + 1`` is an int or a NumPy float64) and Python's ZeroDivisionError on
the paths where Python divides (``tensor.note_operator``). A NumPy function of it is refused where its result's
dtype would depend on the path (``np.add(r, 1)``: int64 or float64).

A branch's value that is path-typed inside the branch (an ``elif``'s inner ``if``) brings its tag out as an extra
output of the cond; a loop variable whose kind the body's branches decide has its tag carried by the loop
(runtime/graph/loop_types.py), and one the body makes from it alone (``s + x[i]``) gets it from the kinds the body
makes of each of its variable's (``basis``). Where the graph still has no tag (an operand it has no kind for, a
while loop whose test is stateful), the record has none, and the value is returned as before (a NumPy scalar or 0-d
array of the joined dtype, docs/functions.md); Python's ZeroDivisionError that only some of its kinds would raise
is refused there, naming the join's line: never NumPy's inf for Python's error.

Records live on the outermost builder (``GraphBuilder.path_types``): id(Value) -> ``Record``. This module knows
kinds and records; ``runtime/graph/tensor.py`` makes the tags (``note_join``) and asks it about operators.
"""

from __future__ import annotations

import dataclasses
import operator
import warnings
from typing import Any, Callable, Optional, Sequence

import numpy as np

PYTHON_NUMBERS = (bool, int, float, complex)
_PYTHON_NAMES = {bool: "bool", int: "int", float: "float", complex: "complex"}


@dataclasses.dataclass(frozen=True)
class Kind:
    """What a 0-d value is to Python on one path: a Python number of type ``python``, or (``python`` None) a
    NumPy value of ``dtype`` that is a NumPy scalar (``scalar`` True), a 0-d array (False) or either (None: an
    argument an input_signature types, which the graph returns as a 0-d array, as it always has)."""

    python: Optional[type] = None
    scalar: Optional[bool] = None
    dtype: Optional[np.dtype] = None

    def describe(self) -> str:
        if self.python is not None:
            return f"a Python {_PYTHON_NAMES[self.python]}"
        if self.scalar:
            return f"a NumPy {self.dtype}"
        return f"a 0-d {self.dtype} array" if self.scalar is False else f"a {self.dtype} NumPy scalar or 0-d array"

    def example(self, ndim: int = 0) -> Any:
        """A value of this kind (a one-element array of ``ndim`` dimensions for an array operand), for asking
        Python or NumPy what an operation makes of it."""
        if self.python is not None:
            return self.python(1)
        if ndim:
            return np.ones((1,) * ndim, self.dtype)
        return self.dtype.type(1) if self.scalar else np.ones((), self.dtype)

    def convert(self, value: np.ndarray) -> Any:
        """The graph's 0-d result ``value`` as this kind's object: ``int(value)`` for a Python int, and so on."""
        if self.python is not None:
            number = value.item()
            # (a Python int or float held in a complex dtype, beside a complex array: its imaginary part is 0)
            return self.python(number.real if type(number) is complex and self.python is not complex else number)
        array = np.asarray(value, self.dtype)
        if self.scalar:
            return array[()]
        return array.copy() if array is value else array


def among(kind: Optional[Kind], kinds: Sequence[Optional[Kind]]) -> bool:
    """Whether ``kind`` is one of ``kinds``, where a NumPy value the graph cannot tell a scalar from a 0-d array
    (``scalar`` None: an argument, a loop's counter) is either."""
    return any(kind == k or (kind is not None and k is not None and kind.python is None and k.python is None
                             and kind.dtype == k.dtype and None in (kind.scalar, k.scalar)) for k in kinds)


def kind_of_example(x: Any) -> Optional[Kind]:
    """The kind of an example result (``Kind.example`` through an operator), or None where it is no 0-d value."""
    if type(x) in PYTHON_NUMBERS:
        return Kind(python=type(x))
    if isinstance(x, np.generic):
        return Kind(scalar=True, dtype=x.dtype)
    if isinstance(x, np.ndarray):
        return Kind(scalar=False, dtype=x.dtype) if x.ndim == 0 else None
    return None


@dataclasses.dataclass
class Record:
    """A path-typed 0-d value of the graph: ``kinds[tag]`` is what it is on the run's path; ``tag`` None where the
    graph has no value saying which (then it cannot be returned). ``site`` and ``label`` name the join."""

    value: Any  # the runtime.graph.ir.Value
    tag: Any  # a Tensor of the builder that made ``value`` (int64), or None
    kinds: tuple
    site: str
    label: str
    # A loop body's variable (its Value) whose kinds these are a function of: kinds[k] is this value's kind when
    # the variable's is its own kinds[k] (a loop variable is its own basis; ``r * 2`` of it has that basis too).
    basis: Any = None
    # The Tensor objects that are this value as the join or operator left it (a variable's): another object of the
    # same Value is a conversion of it (float(r), a no-op cast) with a kind of its own, not path-typed.
    holders: list = dataclasses.field(default_factory=list)
    # A loop variable's (no tag yet): something the body computed from it needs to know its kind on each iteration
    # (Python's ZeroDivisionError for one kind, NumPy's inf for another): the loop carries its tag (loop_types.py).
    wants_tag: bool = False

    def refusal(self, what: str) -> str:
        told = [k for k in self.kinds if k is not None]
        # (a kind of untold scalar-ness, a loop variable's placeholder, is one of the kinds of its dtype told beside it)
        kinds = " or ".join(sorted({k.describe() for k in told if k.python is not None or k.scalar is not None
                                    or not any(o.dtype == k.dtype and o.scalar is not None for o in told)}))
        return (f"{self.site}: {self.label} is {kinds}, depending on the path the graph takes, and {what}; the graph "
                "cannot tell here which one this run's is. Give it one type on every path (float(v), np.float64(v) "
                "or np.asarray(v) on each)")


def kinds_of(kind: Any) -> list:
    """The kinds a path's value may have: a path-typed value's (its ``Record``), else the one ``kind``."""
    return list(kind.kinds) if isinstance(kind, Record) else [kind]


def record(holder: Any, tag: Any, kinds: Sequence[Optional[Kind]], site: str, label: str,
           basis: Any = None) -> None:
    """Record ``holder`` (a 0-d Tensor) as path-typed: ``kinds[tag]`` is its kind on the run's path."""
    value, owner = holder.ref()
    owner.root().path_types[id(value)] = Record(value, tag, tuple(kinds), site, label, basis, [holder])


def share(holder: Any, other: Any) -> None:
    """``other`` is ``holder``'s value as well, the same variable's (a loop's wrapper of it, the object a loop body
    sees for it): path-typed with it."""
    found = lookup(holder)
    if found is not None and other is not holder and other.ref()[0] is found.value:
        found.holders.append(other)


def lookup(holder: Any) -> Optional[Record]:
    """The record of the Tensor object ``holder``, or None: one type on every path."""
    value, owner = holder.ref()
    found = owner.root().path_types.get(id(value))
    if found is None or found.value is not value or not any(h is holder for h in found.holders):
        return None
    return found


_OPERATORS: dict[str, Callable] = {
    "add": operator.add, "sub": operator.sub, "mul": operator.mul, "truediv": operator.truediv,
    "floordiv": operator.floordiv, "mod": operator.mod, "pow": operator.pow, "matmul": operator.matmul,
    "bitwise_and": operator.and_, "bitwise_or": operator.or_, "bitwise_xor": operator.xor,
    "left_shift": operator.lshift, "right_shift": operator.rshift, "lt": operator.lt, "le": operator.le,
    "gt": operator.gt, "ge": operator.ge, "eq": operator.eq, "ne": operator.ne, "neg": operator.neg,
    "pos": operator.pos, "abs": operator.abs, "invert": operator.invert,
}
DIVISIONS = frozenset({"truediv", "floordiv", "mod"})


def python_operator(op: str) -> Optional[Callable]:
    return _OPERATORS.get(op)


def outcomes(fn: Callable, operands: Sequence[Sequence[Any]]) -> list:
    """``fn`` applied to each combination of the operands' examples (each a list: one example, or one per kind of
    a path-typed operand), in the order of a tag made of the path-typed operands' tags (the first most
    significant): each result, or the exception it raised. Warnings are NumPy's about the examples' values, not
    the question asked (a kind), and are silenced."""
    combinations: list[list] = [[]]
    for options in operands:
        combinations = [c + [o] for c in combinations for o in options]
    results = []
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        for args in combinations:
            try:
                results.append(fn(*args))
            except Exception as error:  # noqa: BLE001  (the answer: which kinds take the operation)
                results.append(error)
    return results
