"""What a trace may assume about a Python number or an array it was made for, kept where both a traced
``Function`` (autograph/call_boundary.py) and a loaded one (runtime/graph/loaded.py) check their arguments,
and which of its results may share an argument's memory (``returned_views``).

    exact_key(0.0) != exact_key(-0.0)        # a float is keyed by its bits: -0.0 is not 0.0,
    exact_key(nan) == exact_key(nan)         # and nan is nan (nan != nan, its bits are equal)
    refuse_array_class(np.ma.masked_array([1.0]), "argument 'x' of f")   # SubclassedArray: the mask would go

``0.0 == -0.0`` and ``nan != nan``: a check by ``==`` ran the ``0.0`` trace for ``-0.0`` and never found
the ``nan`` one. A graph computes on plain arrays: an ndarray subclass's mask, matrix product or overrides
would be lost, so such an argument is refused (``np.memmap`` excepted: see ``SAFE_ARRAY_CLASSES``).
"""

from __future__ import annotations

import struct
from builtins import len  # bound at import: a program may rebind builtins.len to converted code (runtime/choice.py)
from decimal import Decimal
from typing import Any

import numpy as np

from runtime.limits import Limitation, NotStageable
from runtime.staging import user_location

# --- Python numbers, keyed by their bits -----------------------------------------------------------

pack_float = struct.Struct("d").pack  # a float's 8 bytes: one C call on the fast path (autograph/call_keys.py)
_pack_complex = struct.Struct("dd").pack


EXACT_NUMBERS = (float, complex, Decimal)  # the classes whose == says too little (with their subclasses)


def exact_key(number: Any) -> Any:
    """The bit pattern of a Python ``float`` or ``complex`` (or of a subclass's instance), a ``Decimal``'s sign,
    digits and exponent: equal exactly when the numbers compute alike, unlike ``==`` (``0.0 == -0.0``,
    ``nan != nan``). Each NaN payload and sign is its own pattern; Python's ``float('nan')``, ``math.nan`` and
    ``np.nan`` are one."""
    if isinstance(number, complex):
        return _pack_complex(number.real, number.imag)
    if isinstance(number, Decimal):
        return number.as_tuple()
    return pack_float(number)


class ExactNumber:
    """A float, complex or Decimal in a trace key (``key_of``'s ``(float, ExactNumber(k))``): equal and hashed by
    ``exact_key``, shown as the number (the retracing warning shows keys)."""

    __slots__ = ("number", "bits")

    def __init__(self, number: Any) -> None:
        self.number, self.bits = number, exact_key(number)

    def __eq__(self, other: object) -> bool:
        return other.__class__ is ExactNumber and self.bits == other.bits

    def __hash__(self) -> int:
        return hash(self.bits)

    def __repr__(self) -> str:
        return repr(self.number)


def same_python_value(a: Any, b: Any) -> bool:
    """Whether a Python argument ``a`` is the value ``b`` a trace was made for (``ConcreteFunction``'s check):
    same class, and equal (floats, complex numbers and Decimals by ``exact_key``)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, EXACT_NUMBERS):
        return exact_key(a) == exact_key(b)
    try:
        return bool(a == b)
    except Exception:
        return a is b


# --- arrays of NumPy subclasses ----------------------------------------------------------------------

# The ndarray classes a graph computes on as NumPy would. np.memmap is an ndarray over a file's bytes: its
# values are its data, NumPy returns plain arrays from its arithmetic and reductions (memmap.__array_wrap__),
# and write_back writes into it with np.copyto, as eager code writes through it. Any other subclass may
# override operators, indexing or __array_function__, or carry data beside the array (a mask, units), which
# a graph of plain arrays would drop: it is refused rather than guessed about.
SAFE_ARRAY_CLASSES = frozenset({np.ndarray, np.memmap})


class SubclassedArray(TypeError, Limitation):
    """An argument of an ``np.ndarray`` subclass (a masked array, a ``np.matrix``...) whose behaviour a graph
    of plain arrays would lose; raised at the call, naming the caller's line."""


def _class_name(cls: type) -> str:
    """``numpy.ma.MaskedArray``, ``numpy.matrix``, ``astropy.units.quantity.Quantity``: as a user would spell it."""
    module = cls.__module__
    if module.startswith("numpy."):
        module = "numpy.ma" if module.startswith("numpy.ma") else "numpy"  # (numpy.matrixlib.defmatrix: numpy)
    return f"{module}.{cls.__qualname__}"


# The dtype kinds no graph holds (a graph's tensors are numbers, booleans and, on the NumPy executor, datetimes).
_NOT_IN_GRAPHS = {"O": "Python objects", "U": "strings", "S": "bytes", "V": "raw bytes (void)"}


def _argument_name(where: str) -> str:
    """``x`` of ``where``, which reads "argument 'x' of f" (autograph/function.py): the advice names it."""
    quoted = where.split("'")
    return quoted[1] if len(quoted) >= 3 else "x"


def _unheld_dtype(dtype: np.dtype, where: str, at_caller: bool) -> NotStageable:
    """The refusal of an argument of a dtype no graph holds (``_NOT_IN_GRAPHS``), naming it and what to pass."""
    at = f"{user_location()}: " if at_caller else ""
    x = _argument_name(where)
    what = (f"a structured array (its fields are no numbers a graph holds; pass each field, {x}['"
            f"{next(iter(dtype.fields))}'], as an argument of its own)" if dtype.fields is not None else
            f"an array of {_NOT_IN_GRAPHS[dtype.kind]} (dtype {dtype})")
    return NotStageable(f"{at}{where} is {what}: a graph holds numbers, booleans and datetimes. Pass numbers, or "
                        "make the text or objects outside the traced function")


def refuse_array_class(leaf: Any, where: str, as_written: bool = True, at_caller: bool = False) -> None:
    """Raise ``SubclassedArray`` if ``leaf`` is an ndarray of a class a graph cannot stand for (see
    ``SAFE_ARRAY_CLASSES``), ``NotStageable`` if it is an array or NumPy scalar of a dtype no graph holds
    (strings, bytes, objects, structured records: ``_NOT_IN_GRAPHS``; they ran on the interpreter as far as
    their first field read, ``x['mu']``, which raised an IndexError a program could take for NumPy's).
    ``where`` names it: ``argument 'x' of f``; ``as_written``: the advice may name
    ``f.python_function`` (a loaded function has none); ``at_caller``: the message starts with the user's
    file:line (a caller that adds it to every error of its own, as ``Function``'s keying does, leaves it out)."""
    cls = leaf.__class__
    if cls in SAFE_ARRAY_CLASSES or not isinstance(leaf, np.ndarray):  # (a subclass, np.recarray: its class, below)
        if isinstance(leaf, (np.ndarray, np.generic)) and leaf.dtype.kind in _NOT_IN_GRAPHS:
            raise _unheld_dtype(leaf.dtype, where, at_caller)
        return
    x = _argument_name(where)
    function = where.rpartition(" of ")[2] or "f"
    run_it = (f"or run the function as written with {function}.python_function(...)" if as_written
              else "or call the function the graph was saved from")
    if isinstance(leaf, np.ma.MaskedArray):
        why = (": a graph computes on its data alone, so its mask would be ignored (np.sum would add the masked "
               f"values in). Pass its data with the masked entries filled in, e.g. {x}.filled(0) for a sum, or "
               f"{x}.compressed() for the unmasked values, {run_it}")
    elif isinstance(leaf, np.matrix):
        why = (", whose * is a matrix product and whose results stay 2-D matrices; a graph computes on plain "
               f"arrays and returns them. Pass np.asarray({x}) and write matrix products with @, {run_it}")
    else:
        why = (", a subclass of numpy.ndarray: a graph computes on plain arrays, so what the subclass adds (its "
               f"operators, methods or data beside the array) would be lost. Pass np.asarray({x}) (its data as a "
               f"plain array), {run_it}")
    at = f"{user_location()}: " if at_caller else ""
    raise SubclassedArray(f"{at}{where} is a {_class_name(cls)}{why}")


# --- results that share memory with an argument ------------------------------------------------------

# The ops whose NumPy kernel may return a view of its input, or the input itself (the rest compute new arrays; a
# constant or a Variable's value is none of the caller's). ``contiguous`` is ``np.asarray(x, order=...)``: the
# array itself where it is laid out so, which `x.copy()` of a C-contiguous argument returned to its caller until
# stop 92 (the caller's own array, where NumPy's is a new one).
VIEW_OPS = frozenset({"reshape", "sized_reshape", "transpose", "broadcast_to", "getitem", "contiguous"})


def returned_views(graph: Any) -> dict[int, int]:
    """The outputs of ``graph`` that its NumPy interpreter may return as the caller's own array or a view of it:
    output position -> input position, for outputs reached from an input through ``VIEW_OPS`` alone (the
    input itself included). A ``Function`` copies those whose eager result is a new array (``np.copy(x)``,
    ``x.flatten()``), so that a write into the result never reaches the caller's array where eager's would not;
    a loaded function, which does not know which were views eagerly, copies them all."""
    producer = {id(out): node for node in graph.nodes for out in node.outputs}
    inputs = {id(v): k for k, v in enumerate(graph.inputs)}
    found: dict[int, int] = {}
    for i, value in enumerate(graph.outputs):
        while id(value) not in inputs:
            node = producer.get(id(value))
            if node is None or node.op not in VIEW_OPS:
                break
            value = node.inputs[0]
        else:
            found[i] = inputs[id(value)]
    return found
