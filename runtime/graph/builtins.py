"""Python builtins, ``math`` and NumPy's array constructors on graph tensors.

The converter routes ``float(t)``, ``int``, ``bool``, ``complex``, ``min``, ``max``, ``round``,
``divmod``, ``pow``, the functions of ``math`` and ``np.array`` / ``asarray`` / ``asanyarray`` /
``ascontiguousarray`` / ``asfortranarray`` (and ``np.arange`` / ``repeat`` / ``take``:
runtime/graph/tensor_sizes.py) through ``ag__.builtin`` (runtime/builtin_calls.py); when an argument is a graph
tensor, the graph backend hands the call here. Before (traced)::

    d = math.sqrt(float(np.dot(x, x)))
    p = np.array([d, 1.0])

After (the graph)::

    b:f64[] = matmul a a
    c:f64[] = sqrt b
    d:bool[] = isnan c
    e:bool[] = logical_not d
    f:bool[] = isnan b
    g:bool[] = bitwise_or e f               # math.sqrt's domain: Python raises ValueError
    _ = assert[message='math domain error' error=<class 'ValueError'> where='model.py:3'] g
    h:f64[] = constant[value=1.0]
    i:f64[2] = stack[axis=0] c h

Each function gives what Python (on a NumPy scalar) or NumPy gives, where the graph can hold it:
a tensor stands for a NumPy value, so ``float(t)`` takes a 0-d tensor as NumPy takes a 0-d array and
gives a 0-d float64 tensor; Python's errors that depend on values (``int(nan)``, ``math.sqrt(-1)``,
``math.exp(1000)``) become graph assertions that raise Python's exception with Python's message
when the graph runs. What a graph cannot do raises a ``NotStageable`` error naming the call.
docs/graph_builtins.md is the reference.
"""

from __future__ import annotations

import builtins
import math
import operator
from typing import Any, Callable, Optional

import numpy as np

from runtime import carry
from runtime.graph import identity, nests, path_aliases, variables
from runtime.graph.asked import error_of as _error_of
from runtime.graph.leaf_types import TYPES, WEAK
from runtime.graph.tensor import (
    NUMPY_FUNCTIONS,
    PyNumber,
    Tensor,
    apply,
    arg_reduce,
    as_tensor,
    bind1,
    cast,
    constant,
    copy,
    eager_class,
    getitem,
    holds_tensor,
    laid_out,
    laid_out_like,
    missing_array_attribute,
    nest_array,
    numpy_function_result,
    order_name,
    path_record,
    reshape,
    stands_for_a_tensor,
    stands_for_scalar,
    user_shape,
)
from runtime.limits import remember
from runtime.scipy_calls import is_scipy_call
from runtime.staging import NotStageable, user_location

_NONE: Any = object()  # "not given", where None is a value
IMPLEMENTATIONS: dict[Callable, Callable] = {}


def call(f: Callable, args: tuple, kwargs: dict) -> Any:
    """``f(*args, **kwargs)`` with a graph tensor among the arguments, or NotImplemented for a callable
    that has no graph meaning here (Python then calls it, and the tensor says why it cannot)."""
    try:
        impl = IMPLEMENTATIONS.get(f)
    except TypeError:  # an unhashable callable
        return NotImplemented
    if impl is None and is_scipy_call(f):  # (SciPy is imported already: the program called it)
        from runtime.graph import scipy_functions

        impl = scipy_functions.implementation(f)
    if impl is None:
        result = _array_method(f, args, kwargs)
        if result is NotImplemented:
            # (np.diag([c, c, 1.0]), np.sum([... for ...]): lists holding tensors where NumPy takes arrays)
            result = nests.call(f, args, kwargs)
        numpy_impl = NUMPY_FUNCTIONS.get(f) if result is NotImplemented else None
        if numpy_impl is not None:
            # np.repeat(a, t), np.take(a, t), np.reshape(a, (t, -1)): a tensor where NumPy does not dispatch (counts,
            # positions, a shape), which the graph's own function takes (a size: runtime/graph/tensor_sizes.py).
            # (.get: a read with [] marks the entry replaceable, which only the registering modules' reads may.)
            result = numpy_function_result(f, args, kwargs, numpy_impl(*args, **kwargs))
        return result
    result = impl(*args, **kwargs)
    if f in _PYTHON_ALWAYS or (f is builtins.round and len(args) == 1 and not kwargs):
        # float(s), int(s), math.sqrt(s), round(s) give a Python number whatever s is (a NumPy scalar too): one
        # known at run time, weak next to arrays as NumPy 2 promotes it (x32 * float(s) stays float32).
        return _python_numbers(result, args)
    if f in _PYTHON_RESULTS and all(type(a) is PyNumber for a in (*args, *kwargs.values()) if isinstance(a, Tensor)):
        # A builtin of Python numbers known at run time (max(n, 1), abs(n)) gives a Python number.
        return _python_numbers(result, args)
    return result


# The NumPy array methods that take another array and leave the array as it is, which the converter routes
# here (autograph/converters/call_trees.py): NumPy's method converts its argument itself, without dispatch.
_ARRAY_ARGUMENT_METHODS = frozenset({"dot", "take", "searchsorted", "clip", "choose"})
_BoundCMethod = type([].append)


def _array_method(f: Any, args: tuple, kwargs: dict) -> Any:
    """``A.dot(t)`` with ``A`` a NumPy array and ``t`` a graph tensor: NumPy's function of the same name, which
    the method is (``np.dot(A, t)``), with ``A`` a constant of the graph; else NotImplemented."""
    if type(f) is not _BoundCMethod or type(f.__self__) is not np.ndarray or f.__name__ not in _ARRAY_ARGUMENT_METHODS:
        return NotImplemented
    return getattr(np, f.__name__)(constant(f.__self__), *args, **kwargs)


def _python_numbers(result: Any, args: tuple = ()) -> Any:
    """``result`` as Python numbers known at run time. One that is an argument's own value (``float(s)`` of a
    float64, ``int(n)`` of an int64: no cast) is a value of its own, whose Python type the conversion fixes: the
    argument's may depend on the path a run takes (runtime/graph/python_kinds.py, path_types.py)."""
    if isinstance(result, tuple):
        return tuple(_python_numbers(r, args) for r in result)
    if not isinstance(result, Tensor) or result.ndim:
        return result
    value = result.ref()[0]
    if any(isinstance(a, Tensor) and a.ref()[0] is value for a in args):
        result = bind1("cast", [result], dtype=result.dtype)
    return PyNumber.of(result)


def implements(*funcs: Callable) -> Callable:
    def register(impl: Callable) -> Callable:
        for func in funcs:
            IMPLEMENTATIONS[func] = impl
        return impl
    return register


# --- the messages Python and NumPy give (asked of them, so they match the versions installed) -------

def _accepts_size_one() -> bool:
    """NumPy < 2.4 (with a DeprecationWarning since 1.25) converts a size-1 array to a Python scalar."""
    return _error_of(lambda: float(np.ones(1)))[0] is type(None)


_SIZE_ONE_CONVERTS = _accepts_size_one()
_NOT_SCALAR = _error_of(lambda: float(np.ones(2)))[1]
_AMBIGUOUS = _error_of(lambda: bool(np.ones(2)))[1]
_EMPTY_TRUTH = _error_of(lambda: bool(np.ones(0)))[1]
_INT_NAN = _error_of(lambda: int(float("nan")))[1]
_INT_INF = _error_of(lambda: int(float("inf")))[1]
_DOMAIN = _error_of(lambda: math.acos(2.0))[1]
_RANGE = _error_of(lambda: math.exp(1000.0))[1]
_LOG_BASE_ONE = _error_of(lambda: math.log(2.0, 1.0))
_NO_COPY = _error_of(lambda: np.array([np.ones(1)], copy=False))[1]
_ROUND_ARRAY = _error_of(lambda: round(np.ones(2)))
_ROUND_ZERO_D_ARRAY = _error_of(lambda: round(np.array(1.5)))  # (NumPy 2: a 0-d array has no __round__ either)
_ROUND_BOOL = _error_of(lambda: round(np.True_))  # (nor has NumPy's bool scalar)
# NumPy 2 takes a complex NumPy scalar's real part in int() and float() (with a ComplexWarning), where Python's
# complex, and a 0-d array, are refused.
_COMPLEX_SCALAR_TO_REAL = _error_of(lambda: float(np.complex128(1 + 2j)))[0] is type(None)
# Python before 3.11 raises "math domain error" for math.pow(0.0, -inf); later ones give inf.
_ZERO_TO_MINUS_INF_IS_DOMAIN = _error_of(lambda: math.pow(0.0, -math.inf))[0] is ValueError
_INT_RANGE = ("int() of a value outside int64's range: Python would give a bigger int, but a graph holds "
              "Python ints as int64")


# --- helpers ------------------------------------------------------------------------------------

def _graph(x: Any) -> Optional[Tensor]:
    """``x`` as a tensor if it is one (or a Variable, read), else None."""
    if isinstance(x, Tensor):
        return x
    if stands_for_a_tensor(type(x)):
        return as_tensor(x)
    return None


def _check(ok: Any, error: type, message: str) -> None:
    """A graph assertion: ``ok`` must hold when the graph runs, else ``error(message)`` (Python's own words, exactly:
    ``variables.assert_``, never put after the line on Python 3.10, as eager code raises them)."""
    variables.assert_(ok, message, error)


def _scalar(x: Any) -> Tensor:
    """``x`` as a 0-d tensor, where NumPy converts an array to a Python scalar (``float(a)``)."""
    t = as_tensor(x)
    if t.ndim != 0 and not (_SIZE_ONE_CONVERTS and t.size == 1):
        raise TypeError(_NOT_SCALAR)
    return reshape(t, ()) if t.ndim else copy(t)


def _real(x: Any, name: str) -> Tensor:
    """``float(x)`` for a function of ``math``: a 0-d float64 tensor (Python's error for complex)."""
    t = _scalar(x)
    if t.dtype.kind == "c":
        raise TypeError(_error_of(lambda: math.fabs(1j))[1])
    if t.dtype.kind not in "biuf":
        raise TypeError(f"{name}: must be real number, not {t.dtype}")
    return cast(t, np.float64)


def _to_int(t: Tensor) -> Tensor:
    """A float tensor's integral values as int64, with Python's errors for NaN and infinity (and one
    for values beyond int64, where Python's int would grow)."""
    t = cast(t, np.float64)
    _check(np.logical_not(np.isnan(t)), ValueError, _INT_NAN)
    _check(np.logical_not(np.isinf(t)), OverflowError, _INT_INF)
    _check(np.logical_and(t >= -(2.0 ** 63), t < 2.0 ** 63), OverflowError, _INT_RANGE)
    return cast(t, np.int64)


def _int_kind(t: Tensor) -> Tensor:
    """An integer or bool tensor as int64 (uint64 above int64's range is an error when the graph runs)."""
    if t.dtype == np.uint64:
        _check(t < np.uint64(2 ** 63), OverflowError, _INT_RANGE)
    return cast(t, np.int64) if t.dtype != np.int64 else copy(t)


# --- len ---------------------------------------------------------------------------------------------

@implements(builtins.len)
def _len(x: Any, /) -> Any:
    """``len(t)``: the first dim; one known only when the graph runs (``len(x[mask])``, ``len(np.unique(y))``)
    is a ``PyNumber``, the Python int it will be."""
    if isinstance(x, Tensor) and x.value.shape and x.value.shape[0] is None:
        return user_shape(x)[0]
    return len(x)


# --- float, int, bool, complex ---------------------------------------------------------------------

def _real_part_of(x: Any, t: Tensor, refusal: Callable[[], Any]) -> Tensor:
    """``float(z)`` / ``int(z)`` of a complex ``z`` (``t``, its 0-d tensor): a NumPy complex scalar's real part
    under NumPy 2 (``float(np.complex64(1 + 2j))`` is 1.0); Python's TypeError (``refusal`` makes it) for a 0-d
    array, a Python complex, or any complex under NumPy 1; refused where the graph cannot tell which it is."""
    scalar = _COMPLEX_SCALAR_TO_REAL and type(x) is Tensor and stands_for_scalar(x)
    if scalar is None:
        raise NotStageable(f"{user_location()}: int() / float() of a complex value that a call may pass as a NumPy "
                           "scalar (whose real part NumPy takes) or a 0-d array (which NumPy refuses): take "
                           "np.real(z) first")
    if not scalar:
        raise TypeError(_error_of(refusal)[1])
    return np.real(t)


@implements(builtins.float)
def _float(x: Any = 0.0, /) -> Tensor:
    t = _scalar(x)
    if t.dtype.kind == "c":
        t = _real_part_of(x, t, lambda: float(1j))
    return cast(t, np.float64) if t.dtype != np.float64 else t


@implements(builtins.int)
def _int(x: Any = 0, /, base: Any = _NONE) -> Tensor:
    if base is not _NONE:
        raise TypeError(_error_of(lambda: int(1.0, 10))[1])
    t = _scalar(x)
    if t.dtype.kind == "c":
        t = _real_part_of(x, t, lambda: int(1j))
    if t.dtype.kind == "f":
        return _to_int(np.trunc(t))
    return _int_kind(t)


@implements(builtins.bool)
def _bool(x: Any = False, /) -> Tensor:
    t = as_tensor(x)
    if t.size is None:
        raise NotStageable(f"{user_location()}: bool() of a tensor whose size is known only at run time: NumPy "
                           "needs exactly one element, which a graph must know while tracing")
    if t.size != 1:
        raise ValueError(_AMBIGUOUS if t.size else _EMPTY_TRUTH)
    t = reshape(t, ())
    return copy(t) if t.dtype == np.bool_ else t != 0


@implements(builtins.complex)
def _complex(real: Any = 0, imag: Any = _NONE) -> Tensor:
    if imag is not _NONE:
        # real + 1j * imag is NaN where imag is infinite (inf * 0j), and the graph has no op that
        # builds a complex number from its parts.
        raise NotStageable(f"{user_location()}: complex(real, imag) with a tensor is not supported in graphs; "
                           "use real + 1j * imag (it differs only where imag is infinite)")
    return cast(_scalar(real), np.complex128)


# --- min and max ---------------------------------------------------------------------------------

def _minmax(name: str) -> Callable:
    better = operator.gt if name == "max" else operator.lt
    empty_message = _error_of(lambda: getattr(builtins, name)([]))[1]
    default_message = _error_of(lambda: getattr(builtins, name)(1, 2, default=0))[1]

    def impl(*args: Any, key: Optional[Callable] = None, default: Any = _NONE) -> Any:
        if not args:
            raise TypeError(f"{name} expected at least 1 argument, got 0")
        if len(args) > 1:
            if default is not _NONE:
                raise TypeError(default_message)
            return _fold(list(args), key, better)
        items = args[0]
        t = _graph(items)
        if t is not None:
            if t.ndim == 0:
                raise TypeError("iteration over a 0-d array")
            n = t.shape[0]
            if n is not None and n > 1 and key is None and t.dtype.kind in "biuf":
                return _select(t, name)
        items = list(items)  # a tensor iterates its first axis (Tensor.__iter__)
        if not items:
            if default is _NONE:
                raise ValueError(empty_message)
            return default
        return _fold(items, key, better)

    return impl


def _fold(items: list, key: Optional[Callable], better: Callable) -> Any:
    """Python's rule: keep the first item; an item replaces it when ``key(item) > key(kept)`` (``<``
    for min), so the first of equal or unordered (NaN) items stays. Comparisons between plain values
    choose while tracing; a tensor comparison chooses in the graph (``where``)."""
    call_key = (lambda v: v) if key is None else (lambda v: call_on(key, v))
    kept, kept_key = items[0], call_key(items[0])
    for item in items[1:]:
        item_key = call_key(item)
        replaces = better(item_key, kept_key)
        if _graph(replaces) is None:
            if replaces:
                kept, kept_key = item, item_key
            continue
        replaces = as_tensor(replaces)
        if replaces.size != 1:
            raise ValueError(_AMBIGUOUS if replaces.size else _EMPTY_TRUTH)
        replaces = reshape(replaces, ())
        name = "max" if better is operator.gt else "min"
        kept = _where(replaces, item, kept, name)
        kept_key = kept if key is None else _where(replaces, item_key, kept_key, name)
    return kept


_NUMBERS = (bool, int, float, complex, np.number, np.bool_)


def _where(condition: Tensor, a: Any, b: Any, name: str) -> Tensor:
    """``a`` where ``condition`` holds, else ``b``: min()/max() choosing by a tensor comparison. Python returns one
    of the two objects itself, so they must share one type, as the two values of a staged conditional expression
    must (``carry.join_types`` with the graph's rules): ``max(i64, f32)`` promoted to float64 rounded 2**62 + 1.
    A Python number known only when the graph runs (a ``PyNumber``) is left to the ``where``, as before: its type
    may be the path's (docs/functions.md). Two NumPy scalars give a NumPy scalar, as either would be."""
    typed = [(where, np.asarray(v) if isinstance(v, np.generic) else v)  # (a NumPy scalar keeps its dtype)
             for where, v in (("where a later argument is chosen", a), ("where the first one is kept", b))
             if type(v) is Tensor or isinstance(v, (np.generic, np.ndarray)) or type(v) in WEAK]
    if len(typed) == 2 and any(type(v) not in WEAK for _, v in typed):
        carry.join_types(TYPES, f"the value of {name}()", typed)
    try:
        chosen = apply("where", condition, a, b)
    except NotStageable:
        raise NotStageable(f"{user_location()}: min()/max() chose between values that are not numbers or "
                           f"arrays ({type(a).__name__}, {type(b).__name__}) by a tensor comparison; a graph can "
                           "choose only between arrays") from None
    # Python's min()/max() return one of the two objects: the choice is `a` where the condition holds (a write into
    # it reaches that array, `max(a, b) is a` is the condition: runtime/graph/path_aliases.py, identity.py).
    values = [v if isinstance(v, Tensor) else None for v in (a, b)]
    path_aliases.note_join(chosen, values, (lambda: condition, lambda: apply("logical_not", condition)))
    identity.note_join(chosen, values)
    if type(chosen) is Tensor and chosen.ndim == 0 and any(type(v) is Tensor for v in (a, b)) and all(
            stands_for_scalar(v) if type(v) is Tensor else isinstance(v, _NUMBERS) for v in (a, b)):
        chosen._array = False  # (np.where's is a 0-d array; either item is a NumPy scalar or a number)
    return chosen


def _select(t: Tensor, name: str) -> Tensor:
    """``max(t)`` / ``min(t)`` over the first axis of a real tensor whose items have one element: the
    item Python's loop keeps, found with one argmax: a NaN first item stays (nothing compares greater),
    later NaNs never win, and among equal items (``-0.0 == 0.0``) the first is kept, as argmax keeps it."""
    n = t.shape[0]
    if any(d is None for d in t.shape[1:]) or int(np.prod(t.shape[1:], dtype=np.int64)) != 1:
        raise ValueError(_EMPTY_TRUTH if 0 in t.shape[1:] else _AMBIGUOUS)
    flat = reshape(t, (n,))
    op = "argmax" if name == "max" else "argmin"
    if t.dtype.kind != "f":
        return getitem(t, arg_reduce(op, flat))
    worst = -np.inf if name == "max" else np.inf
    index = arg_reduce(op, apply("where", np.isnan(flat), worst, flat))
    first = getitem(t, 0)
    return apply("where", reshape(np.isnan(getitem(flat, 0)), (1,) * (t.ndim - 1)), first, getitem(t, index))


implements(builtins.max)(_minmax("max"))
implements(builtins.min)(_minmax("min"))


def call_on(f: Callable, value: Any) -> Any:
    """``f(value)`` for a key function: one of ours (``key=float``, ``key=abs``) answers for a tensor."""
    try:
        impl = IMPLEMENTATIONS.get(f) if _graph(value) is not None else None
    except TypeError:  # an unhashable callable
        impl = None
    return f(value) if impl is None else impl(value)


# --- round, divmod, pow --------------------------------------------------------------------------

@implements(builtins.round)
def _round(number: Any, ndigits: Any = None) -> Tensor:
    t = _graph(number)
    if t is None or _graph(ndigits) is not None:
        raise NotStageable(f"{user_location()}: round(x, ndigits) with a tensor ndigits is not supported in graphs: "
                           "the number of digits must be known while tracing")
    if t.ndim != 0:
        if _ROUND_ARRAY[0] is not type(None):  # NumPy 2: arrays have no __round__
            raise _ROUND_ARRAY[0](_ROUND_ARRAY[1])
        return np.round(t, 0 if ndigits is None else ndigits)
    if type(t) is Tensor and _ROUND_ZERO_D_ARRAY[0] is not type(None) and stands_for_scalar(t) is False:
        raise _ROUND_ZERO_D_ARRAY[0](_ROUND_ZERO_D_ARRAY[1])
    if t.dtype.kind == "c":
        raise TypeError(_error_of(lambda: round(1j))[1])
    if type(t) is Tensor and t.dtype == np.bool_ and _ROUND_BOOL[0] is not type(None):
        raise _ROUND_BOOL[0](_ROUND_BOOL[1])  # (a comparison's np.bool_; a Python bool, a PyNumber, rounds)
    if ndigits is None:  # a NumPy scalar's round(x) is Python's: an int, halves to even
        return _to_int(np.rint(t)) if t.dtype.kind == "f" else _int_kind(t)
    ndigits = operator.index(ndigits)
    if t.dtype.kind == "f":
        return np.round(t, ndigits)
    if ndigits >= 0:
        return copy(t)
    return cast(np.rint(cast(t, np.float64) / 10.0 ** -ndigits) * 10.0 ** -ndigits, t.dtype)


@implements(builtins.divmod)
def _divmod(a: Any, b: Any, /) -> tuple:
    return a // b, a % b


@implements(builtins.pow)
def _pow(base: Any, exp: Any, mod: Any = None) -> Any:
    if mod is not None:
        raise TypeError(f"unsupported operand type(s) for ** or pow(): '{type(base).__name__}', "
                        f"'{type(exp).__name__}', '{type(mod).__name__}' (NumPy arrays take no modulus either)")
    return base ** exp


# --- math ----------------------------------------------------------------------------------------
# CPython's rule for math's float functions (mathmodule.c, math_1 / math_2): a NaN result from
# non-NaN arguments is a domain error (ValueError); an infinite result from finite arguments is a
# range error (OverflowError) for the functions that can overflow, else a domain error. Each entry
# names the checks its function can fail, so the others add no nodes.

_UNARY = [
    # name in math, ufunc, NaN check, error for an infinite result from a finite argument
    ("sqrt", np.sqrt, True, None), ("exp", np.exp, False, OverflowError), ("exp2", np.exp2, False, OverflowError),
    ("expm1", np.expm1, False, OverflowError), ("log10", np.log10, True, ValueError),
    ("log2", np.log2, True, ValueError), ("log1p", np.log1p, True, ValueError), ("sin", np.sin, True, None),
    ("cos", np.cos, True, None), ("tan", np.tan, True, None), ("asin", np.arcsin, True, None),
    ("acos", np.arccos, True, None), ("atan", np.arctan, False, None), ("sinh", np.sinh, False, OverflowError),
    ("cosh", np.cosh, False, OverflowError), ("tanh", np.tanh, False, None), ("asinh", np.arcsinh, False, None),
    ("acosh", np.arccosh, True, None), ("atanh", np.arctanh, True, ValueError), ("cbrt", np.cbrt, False, None),
    ("fabs", np.fabs, False, None), ("degrees", np.degrees, False, None), ("radians", np.radians, False, None),
]


def _checked(x: Tensor, result: Tensor, nan: bool, infinite: Optional[type]) -> Tensor:
    if nan:
        _check(np.logical_not(np.isnan(result)) | np.isnan(x), ValueError, _DOMAIN)
    if infinite is not None:
        _check(np.logical_not(np.isinf(result)) | np.logical_not(np.isfinite(x)), infinite,
               _RANGE if infinite is OverflowError else _DOMAIN)
    return result


def _unary(f: Callable, ufunc: Callable, nan: bool, infinite: Optional[type]) -> Callable:
    name = f"math.{f.__name__}"

    def impl(x: Any, /) -> Tensor:
        t = _real(x, name)
        return _checked(t, ufunc(t), nan, infinite)

    return impl


for _name, _ufunc, _nan, _inf in _UNARY:
    if hasattr(math, _name):  # exp2 and cbrt are new in Python 3.11
        IMPLEMENTATIONS[getattr(math, _name)] = _unary(getattr(math, _name), _ufunc, _nan, _inf)


@implements(math.log)
def _log(x: Any, base: Any = _NONE, /) -> Tensor:
    t = _real(x, "math.log")
    result = _checked(t, np.log(t), True, ValueError)
    if base is _NONE:
        return result
    b = _real(base, "math.log")
    denominator = _checked(b, np.log(b), True, ValueError)
    _check(denominator != 0, _LOG_BASE_ONE[0], _LOG_BASE_ONE[1])
    return result / denominator


@implements(math.pow)
def _math_pow(x: Any, y: Any, /) -> Tensor:
    a, b = _real(x, "math.pow"), _real(y, "math.pow")
    result = np.power(a, b)
    finite = np.isfinite(a) & np.isfinite(b)
    # For finite arguments a NaN result (a negative base to a fractional power) or 0 to a negative
    # power is a domain error, another infinite result a range error.
    _check(np.logical_not(finite & (np.isnan(result) | (np.isinf(result) & (a == 0)))), ValueError, _DOMAIN)
    _check(np.logical_not(finite & np.isinf(result) & (a != 0)), OverflowError, _RANGE)
    if _ZERO_TO_MINUS_INF_IS_DOMAIN:
        _check(np.logical_not((a == 0) & (b == -np.inf)), ValueError, _DOMAIN)
    # Infinite and NaN arguments: CPython's own special cases (math_pow in mathmodule.c), which NumPy's
    # power does not all follow (np.power(-inf, 0.5) is NaN; Python's is inf).
    odd_y = np.isfinite(b) & (np.fmod(np.fabs(b), 2.0) == 1.0)
    abs_a = np.fabs(a)
    infinite_a = apply("where", b > 0, apply("where", odd_y, a, abs_a),
                       apply("where", b == 0, 1.0, apply("where", odd_y, np.copysign(0.0, a), 0.0)))
    infinite_b = apply("where", abs_a == 1, 1.0, apply("where", (b > 0) & (abs_a > 1), b,
                                                       apply("where", (b < 0) & (abs_a < 1), -b, 0.0)))
    special = apply("where", np.isnan(a), apply("where", b == 0, 1.0, a),
                    apply("where", np.isnan(b), apply("where", a == 1, 1.0, b),
                          apply("where", np.isinf(a), infinite_a, infinite_b)))
    return apply("where", finite, result, special)


@implements(math.fmod)
def _fmod(x: Any, y: Any, /) -> Tensor:
    a, b = _real(x, "math.fmod"), _real(y, "math.fmod")
    result = np.fmod(a, b)
    _check(np.logical_not(np.isnan(result) & np.logical_not(np.isnan(a) | np.isnan(b))), ValueError, _DOMAIN)
    return result


@implements(math.atan2)
def _atan2(y: Any, x: Any, /) -> Tensor:
    return np.arctan2(_real(y, "math.atan2"), _real(x, "math.atan2"))


@implements(math.copysign)
def _copysign(x: Any, y: Any, /) -> Tensor:
    return np.copysign(_real(x, "math.copysign"), _real(y, "math.copysign"))


@implements(math.nextafter)
def _nextafter(x: Any, y: Any, /) -> Tensor:
    return np.nextafter(_real(x, "math.nextafter"), _real(y, "math.nextafter"))


@implements(math.hypot)
def _hypot(*coordinates: Any) -> Tensor:
    values = [_real(c, "math.hypot") for c in coordinates]
    if not values:
        return constant(np.float64(0.0))
    result = np.fabs(values[0])
    for value in values[1:]:  # pairwise: within an ulp of Python's correctly rounded hypot
        result = np.hypot(result, value)
    return result


def _rounding(name: str, ufunc: Callable) -> Callable:
    def impl(x: Any, /) -> Tensor:
        if name == "trunc" and isinstance(x, Tensor) and type(x) is not PyNumber and x.dtype != np.float64:
            # (math.trunc asks __trunc__, which of NumPy's scalars only float64, a float subclass, has)
            raise TypeError(f"type numpy.{x.dtype.type.__name__} doesn't define __trunc__ method")
        t = _scalar(x)
        if t.dtype.kind in "biu":  # an integer's __floor__ is itself
            return _int_kind(t)
        return _to_int(ufunc(_real(t, f"math.{name}")))
    return impl


IMPLEMENTATIONS[math.floor] = _rounding("floor", np.floor)
IMPLEMENTATIONS[math.ceil] = _rounding("ceil", np.ceil)
IMPLEMENTATIONS[math.trunc] = _rounding("trunc", np.trunc)
IMPLEMENTATIONS[math.isnan] = lambda x, /: np.isnan(_real(x, "math.isnan"))
IMPLEMENTATIONS[math.isinf] = lambda x, /: np.isinf(_real(x, "math.isinf"))
IMPLEMENTATIONS[math.isfinite] = lambda x, /: np.isfinite(_real(x, "math.isfinite"))


@implements(math.isclose)
def _isclose(a: Any, b: Any, *, rel_tol: Any = 1e-09, abs_tol: Any = 0.0) -> Tensor:
    if _graph(rel_tol) is None and _graph(abs_tol) is None and (rel_tol < 0 or abs_tol < 0):
        raise ValueError(_error_of(lambda: math.isclose(1, 1, rel_tol=-1))[1])
    x, y = _real(a, "math.isclose"), _real(b, "math.isclose")
    diff = np.fabs(y - x)
    close = (diff <= np.fabs(rel_tol * y)) | (diff <= np.fabs(rel_tol * x)) | (diff <= abs_tol)
    # Equal values (infinities included) are close; otherwise an infinity is close to nothing.
    return (x == y) | (close & np.logical_not(np.isinf(x) | np.isinf(y)))


@implements(math.modf)
def _modf(x: Any, /) -> tuple:
    t = _real(x, "math.modf")
    whole = np.trunc(t)
    fraction = np.copysign(apply("where", np.isinf(t), 0.0, t - whole), t)
    return fraction, whole


# The special functions NumPy has no ufunc for: an op each whose NumPy kernel is math's own function
# (runtime/graph/ops_math.py). Python's errors follow from the argument: gamma's poles (0 and the negative
# integers, and -inf) and lgamma's (0 and the negative integers) are domain errors; an infinite result from a
# finite argument off the poles is a range error (gamma above ~171.6, lgamma near the largest floats).

def _poles(t: Tensor, negative_infinity: bool) -> Tensor:
    at_integer = np.logical_and(t <= 0.0, np.floor(t) == t)
    return at_integer if negative_infinity else np.logical_and(at_integer, np.isfinite(t))


def _special(name: str, poles: Optional[bool]) -> Callable:
    label = f"math.{name}"

    def impl(x: Any, /) -> Tensor:
        t = _real(x, label)
        result = bind1(f"math_{name}", [t])
        if poles is not None:
            pole = _poles(t, negative_infinity=poles)
            _check(np.logical_not(pole), ValueError, _DOMAIN)
            _check(np.logical_not(np.isinf(result)) | np.logical_not(np.isfinite(t)) | pole, OverflowError, _RANGE)
        return result

    return impl


# name: None (no error), or whether -inf is a pole (gamma's is; lgamma(-inf) is inf)
for _name, _poles_at_negative_infinity in (("erf", None), ("erfc", None), ("gamma", True), ("lgamma", False)):
    IMPLEMENTATIONS[getattr(math, _name)] = _special(_name, _poles_at_negative_infinity)


def _unsupported(f: Callable) -> Callable:
    def impl(*args: Any, **kwargs: Any) -> Any:
        raise NotStageable(f"{user_location()}: math.{f.__name__} is not supported in graphs: it was called on a "
                           "traced tensor, and no graph op computes it as Python does. docs/graph_builtins.md lists "
                           "the math functions that are; call it outside the traced function and pass its result in.")
    return impl


for _name in dir(math):
    _f = getattr(math, _name)
    if callable(_f) and _f not in IMPLEMENTATIONS:
        IMPLEMENTATIONS[_f] = _unsupported(_f)


# --- np.array, np.asarray, np.asanyarray, np.ascontiguousarray, np.asfortranarray -----------------------------------

def _reject_like(name: str, like: Any) -> None:
    if like is not None:
        raise NotStageable(f"{user_location()}: np.{name}(..., like=) is not supported in graphs")


@implements(np.array)
def _array(object: Any, dtype: Any = None, *, copy: Any = True, order: Any = "K", subok: bool = False,
           ndmin: int = 0, like: Any = None) -> Tensor:
    _reject_like("array", like)
    return _construct(object, dtype, copy, ndmin, order)


@implements(np.asarray, np.asanyarray)
def _asarray(a: Any, dtype: Any = None, order: Any = None, *, device: Any = None, copy: Any = None,
             like: Any = None) -> Tensor:
    _reject_like("asarray", like)
    return _construct(a, dtype, copy, 0, order)


@implements(np.ascontiguousarray)
def _ascontiguousarray(a: Any, dtype: Any = None, *, like: Any = None) -> Tensor:
    _reject_like("ascontiguousarray", like)
    return _construct(a, dtype, None, 1, "C")


@implements(np.asfortranarray)
def _asfortranarray(a: Any, dtype: Any = None, *, like: Any = None) -> Tensor:
    _reject_like("asfortranarray", like)
    return _construct(a, dtype, None, 1, "F")


def _construct(obj: Any, dtype: Any, copy_: Any, ndmin: int, order: Any = "K") -> Tensor:
    """``np.array(obj, dtype, copy=copy_, order=order, ndmin=ndmin)`` of a tensor or a nest holding tensors, in
    NumPy's memory layout (``laid_out_like``: NumPy sums in memory order)."""
    order = order_name(order)
    t = _graph(obj)
    if t is None:
        if copy_ is False:
            raise ValueError(_NO_COPY)
        made = nest_array(obj, dtype, ndmin)  # (a list or tuple holding tensors: stacked as np.array would)
        return laid_out(made, "F") if order == "F" else made  # (NumPy's array of a list: C, unless asked F)
    result = t
    if dtype is not None and np.dtype(dtype) != t.dtype:
        if copy_ is False:
            raise ValueError(_NO_COPY)
        result = cast(t, dtype)  # a new node: shares nothing
    elif copy_:
        result = copy(t)  # np.array copies: a tensor that later writes to t do not reach
    if order != "K":
        ordered = laid_out_like(result, t, order)
        if result is t and (ordered is not t or t._view is not None):
            # NumPy copies t only where its layout is not the one asked for (a transpose, a step), which a graph
            # does not track: the result may or may not share memory with t, so writing into it (or reading it
            # after t changed) is an error rather than a guess.
            value, owner = ordered.ref()
            result = Tensor(value, owner, view=(t, lambda base: laid_out_like(base, base, order),
                                                lambda base, new: new), view_kind="layout")
        else:
            result = ordered
    if result is t and t.ndim == 0 and stands_for_scalar(t):
        value, owner = t.ref()
        result = Tensor(value, owner)  # np.asarray of a NumPy scalar is a new 0-d array holding its value
    if result is not t:
        result._array = True  # (np.array and np.asarray make arrays: type() and isinstance() say ndarray)
    if ndmin > result.ndim:
        result = reshape(result, (1,) * (ndmin - result.ndim) + result.shape)
    return result


def _scalar_type(kind: type) -> Callable:
    """``np.float32(t)``, ``x.dtype.type(t)``: a NumPy scalar type called on a tensor gives ``t`` cast to its
    dtype, as NumPy's does (a scalar of it for a 0-d array, ``t.astype(kind)`` for others); on a list holding
    tensors, the array ``np.array`` would make, cast."""
    def impl(value: Any = 0, /) -> Tensor:
        t = nest_array(value) if holds_tensor(value) else as_tensor(value)
        result = copy(t) if t.dtype == np.dtype(kind) else cast(t, kind)
        if result.ndim == 0:
            result._array = False  # a NumPy scalar, as NumPy's gives for a 0-d value: np.float32(x[0]) is no array
        return result
    impl.__name__ = kind.__name__
    return impl


def _register_scalar_types() -> None:
    from runtime.new_arrays import SCALAR_TYPES  # (the types the converter and ag__.call route here)

    for kind in SCALAR_TYPES.values():
        IMPLEMENTATIONS[kind] = _scalar_type(kind)


_register_scalar_types()


@implements(isinstance)
def _isinstance(obj: Any, classinfo: Any) -> Any:
    """``isinstance(t, np.ndarray)`` is what it would be for what the tensor stands for (``tensor.eager_class``):
    ``isinstance(np.sum(x), float)`` is True for float64, False for float32; ``np.int64`` is no ``int``. Where a
    NumPy scalar and a 0-d array would give the same answer, it is given even when the graph cannot tell them."""
    if not isinstance(obj, Tensor):
        return isinstance(obj, classinfo)
    if type(obj) is not PyNumber and obj.ndim == 0 and path_record(obj) is None and (
            issubclass(np.ndarray, classinfo) == issubclass(obj.dtype.type, classinfo)):
        return issubclass(np.ndarray, classinfo)
    return issubclass(eager_class(obj, "isinstance()"), classinfo)


@implements(np.fromiter)
def _fromiter(items: Any, dtype: Any, count: Any = -1, *, like: Any = None) -> Any:
    """``np.fromiter(iterable, dtype, count)`` of graph values (``ag__.builtin`` read the iterable into the list
    ``items``, as far as NumPy would read it): the items as one array of ``dtype``, as NumPy makes it converting each
    item. Items of one element and no dimensions only (0-d tensors, numbers), a scalar dtype of numbers; anything
    else is NumPy's own call (its error). Fewer items than ``count`` is NumPy's "iterator too short"."""
    target = np.dtype(dtype)
    scalar = all((isinstance(item, Tensor) and item.ndim == 0) or isinstance(item, _NUMBERS) for item in items)
    if like is not None or not scalar or target.shape != () or target.kind not in "biufc":
        return NotImplemented
    if type(count) is int and count > len(items):  # NumPy's own error, from stand-ins of the items
        np.fromiter(iter([0] * len(items)), target, count)
    if not items:
        return np.fromiter(iter(()), target, count)
    return nest_array(items, dtype=target)


@implements(id)
def _id(obj: Any, /) -> Any:
    """``id(t)`` of a traced value is refused: the object a run holds is made when the graph runs (a staged
    statement's output is one of several, an argument is the caller's), and the tensor's own id is none of them
    (``id(best) == id(a)`` after ``best = a if c else b`` was always False). ``is`` answers what a trace can know
    (runtime/graph/identity.py)."""
    if not isinstance(obj, Tensor):
        return id(obj)
    raise NotStageable(f"{user_location()}: id() of a traced value: the object the run holds is made only when "
                       "the graph runs, so its id is not known while tracing. Compare with `is` (which the graph "
                       "answers where it can) or by value, or call id() outside the traced function")


@implements(hasattr)
def _hasattr(obj: Any, name: Any) -> Any:
    """``hasattr(t, name)`` is what it would be for what the tensor stands for (``tensor.eager_class``): a NumPy
    scalar has no ``__iter__`` or ``__len__`` where an array does (PyAstronomy's ``daycnv`` wraps a scalar in a list
    when ``not hasattr(x, "__iter__")``: the tensor's own answer, True, skipped that for ``np.float64(1.5)``), a Python
    number no ``shape``; a tensor's own attributes (``builder``, ``value``) are not NumPy's, and an array's that graphs
    do not have (``flags``) are refused. Where a NumPy scalar and a 0-d array would give the same answer, it is given
    even when the graph cannot tell them."""
    if not isinstance(obj, Tensor) or type(name) is not str:
        return hasattr(obj, name)
    if type(obj) is not PyNumber and (obj.ndim or hasattr(np.ndarray, name) == hasattr(obj.dtype.type, name)):
        eager = hasattr(np.ndarray, name)
    else:
        eager = hasattr(eager_class(obj, "hasattr()"), name)
    if eager and not hasattr(obj, name):  # (an array attribute graphs do not have, ``flags``: refused, remembered)
        error = missing_array_attribute(name)
        remember(error)
        raise error
    return eager


@implements(type)
def _type(obj: Any, *rest: Any) -> Any:
    """``type(t)`` is the class of what the tensor stands for in eager NumPy (``tensor.eager_class``; converted code
    routes ``type`` here as it does ``isinstance``), never its own. ``type(name, bases, namespace)`` makes a
    class."""
    if rest or not isinstance(obj, Tensor):
        return type(obj, *rest)
    return eager_class(obj, "type()")


@implements(np.isscalar)
def _isscalar(element: Any) -> Any:
    """``np.isscalar(t)`` answers for what the tensor stands for (``tensor.eager_class``): False for an array, a 0-d one
    too; True for a NumPy scalar and for a ``PyNumber`` (a Python number)."""
    if not isinstance(element, Tensor):
        return np.isscalar(element)
    return eager_class(element, "np.isscalar()") is not np.ndarray


# The callables whose result is a Python number when their arguments are: the builtins and math's functions (not
# NumPy's constructors, which give arrays).
_PYTHON_RESULTS = frozenset(f for f in IMPLEMENTATIONS if getattr(f, "__module__", None) in ("builtins", "math")
                            or f in (builtins.int, builtins.float, builtins.bool, builtins.complex))
# Those whose result is a Python number whatever their arguments are: the number types, and math's functions (but
# math.prod, which multiplies its items as they are). (round(s) with no ndigits too: see ``call``.)
_PYTHON_ALWAYS = frozenset(f for f in _PYTHON_RESULTS if f in (builtins.int, builtins.float, builtins.bool,
                                                               builtins.complex)
                           or (getattr(f, "__module__", None) == "math" and f is not math.prod))
