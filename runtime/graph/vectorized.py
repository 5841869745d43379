"""``np.vectorize`` objects called on graph tensors: the (converted) Python function on each element, while tracing.

Before (the user's code, ``x`` a graph tensor of shape (3,))::

    y = np.vectorize(lambda v: v * 2 if v > 1 else -v)(x)

After (the graph, abridged): the function's graph once per element, then the results stacked::

    b:f64[] = getitem[index=[0]] a
    c:bool[] = gt b 1.0
    d:f64[] = cond c ...            (each element's `if`, staged)
    ...
    j:f64[3] = stack d f h

NumPy's rules, in NumPy's order (numpy/lib/_function_base_impl.py, ``vectorize.__call__``):

* ``excluded`` positions and names are passed as they are; the other arguments broadcast together.
* Without ``otypes``, the function is first called on each argument's first element as a NumPy scalar, and the
  dtypes of what it returns are the results' (``cache=True`` reuses that result for the first element); a size-0
  argument is then NumPy's ``ValueError``. Where that dtype depends on the element's value (a staged ``if`` whose
  branches return an int and a float), it is refused, naming ``otypes`` (``builder.STRICT_PYTHON_TYPES``).
* Each element reaches the function as the Python number NumPy's object conversion makes of it (a float32 one as
  a Python float): here a number known only when the graph runs (``PyNumber``), whose arithmetic is Python's.
* Each result is converted to its output's dtype (cast as NumPy's ``asanyarray(outputs, dtype=otype)``); a result
  that is an array is NumPy's "setting an array element with a sequence" (a one-element array, where the
  installed NumPy takes it as its element: NumPy 2.2, ``ops_update.fills_one_element``).

The graph holds one call of the function per element, at most ``VECTORIZE_LIMIT`` of them; a ``signature``
(generalized ufunc) is refused by name, as is an unsigned 64-bit argument (its Python ints may not fit int64).
"""

from __future__ import annotations

from typing import Any, Callable

import numpy as np

from runtime.graph.builder import STRICT_PYTHON_TYPES
from runtime.graph.numpy_pieces import as_array
from runtime.graph.ops_update import fills_one_element
from runtime.graph.tensor import PyNumber, Tensor, cast, constant, is_tensor_like, reshape
from runtime.staging import NotStageable, user_location

VECTORIZE_LIMIT = 4096
_PYTHON_DTYPES = {"b": np.dtype(bool), "i": np.dtype(np.int64), "u": np.dtype(np.int64), "f": np.dtype(np.float64),
                  "c": np.dtype(np.complex128)}


def vectorize(vectorized: np.vectorize, pyfunc: Callable, args: tuple, kwargs: dict) -> Any:
    """``vectorized(*args, **kwargs)`` with ``pyfunc`` (the converted ``vectorized.pyfunc``) called per element."""
    if vectorized.signature is not None:
        raise NotStageable(f"{user_location()}: np.vectorize with signature={vectorized.signature!r} is not supported "
                           "in graphs: write the function with NumPy operations on whole arrays instead")
    func, vargs = _split(vectorized.excluded, pyfunc, args, dict(kwargs))
    if not vargs:
        return func()
    arrays = [as_array(a) for a in vargs]
    for a in arrays:
        if None in a.shape:
            raise NotStageable(f"{user_location()}: np.vectorize of an array whose shape is known only at run time "
                               f"({a.value.type_str}): the graph calls the function once per element while tracing")
        if a.dtype.kind not in _PYTHON_DTYPES or a.dtype == np.uint64:
            raise NotStageable(f"{user_location()}: np.vectorize of a {a.dtype} array is not supported in graphs: "
                               "its elements reach the function as Python numbers, which the graph holds as bool, "
                               "int64, float64 or complex128")
    shape = np.broadcast_shapes(*(a.shape for a in arrays))
    size = int(np.prod(shape, dtype=np.int64))
    otypes, first = vectorized.otypes, None
    if not otypes:
        if any(a.size == 0 for a in arrays):
            raise ValueError("cannot call `vectorize` on size 0 inputs unless `otypes` is set")
        token = STRICT_PYTHON_TYPES.set(
            "np.vectorize without otypes takes its results' dtypes from the function's result on the first element, "
            "and here a staged `if` in the function leaves a Python number of another type than its other branch "
            "(an int where the other gives a float): which one eager NumPy meets depends on that element's value. Pass "
            "otypes=[...] to np.vectorize, or return one type from every branch (0.0 rather than 0)")
        try:
            first = func(*(reshape(a, (-1,))[0] for a in arrays))  # NumPy scalars: NumPy's `arg.flat[0]`
        finally:
            STRICT_PYTHON_TYPES.reset(token)
        outputs = first if isinstance(first, tuple) else (first,)
        otypes = "".join(_dtype(o).char for o in outputs)
    if size > VECTORIZE_LIMIT:
        raise NotStageable(f"{user_location()}: np.vectorize over {size} elements is not supported in graphs: the "
                           f"graph holds one call of the function per element (at most {VECTORIZE_LIMIT}); write the "
                           "function with NumPy operations on whole arrays instead")
    flat = [reshape(np.broadcast_to(a, shape), (-1,)) for a in arrays]
    columns: list[list] = [[] for _ in otypes]
    for i in range(size):
        if i == 0 and first is not None and vectorized.cache:
            result = first
        else:
            result = func(*(_python_number(a[i]) for a in flat))
        results = result if len(otypes) > 1 else (result,)
        if len(otypes) > 1 and not (isinstance(result, tuple) and len(result) == len(otypes)):
            raise ValueError(f"function returned {type(result).__name__} where np.vectorize expected a tuple of "
                             f"{len(otypes)} results")
        for column, value, otype in zip(columns, results, otypes):
            if np.ndim(value) if not isinstance(value, Tensor) else value.ndim:
                if not fills_one_element(value.shape if isinstance(value, Tensor) else np.shape(value)):
                    raise ValueError("setting an array element with a sequence.")
                value = reshape(value, ()) if isinstance(value, Tensor) else np.reshape(value, ())  # (NumPy 2.2)
            column.append(cast(value if is_tensor_like(value) else constant(np.asarray(value)), np.dtype(otype)))
    made = tuple(_array(np.stack(column) if column else constant(np.empty(0, otype)), shape)
                 for column, otype in zip(columns, otypes))
    return made if len(otypes) > 1 else made[0]


def _split(excluded: set, pyfunc: Callable, args: tuple, kwargs: dict) -> tuple[Callable, list]:
    """NumPy's ``vectorize.__call__``: the function of the vectorized arguments alone, and those arguments (the
    positional ones, then the keywords), the excluded ones passed to ``pyfunc`` as they are."""
    if not kwargs and not excluded:
        return pyfunc, list(args)
    names = [name for name in kwargs if name not in excluded]
    places = [i for i in range(len(args)) if i not in excluded]
    the_args = list(args)

    def func(*vargs: Any) -> Any:
        for n, i in enumerate(places):
            the_args[i] = vargs[n]
        kwargs.update(zip(names, vargs[len(places):]))
        return pyfunc(*the_args, **kwargs)
    return func, [args[i] for i in places] + [kwargs[name] for name in names]


def _python_number(element: Tensor) -> PyNumber:
    """An element as NumPy's object conversion hands it to the function: a Python number (a float32 one widened to a
    Python float), known only when the graph runs."""
    return PyNumber.of(cast(element, _PYTHON_DTYPES[element.dtype.kind]))


def _dtype(value: Any) -> np.dtype:
    return value.dtype if isinstance(value, Tensor) else np.asarray(value).dtype


def _array(values: Tensor, shape: tuple) -> Tensor:
    """The results in the arguments' broadcast shape: an array (a 0-d one too, as ``asanyarray`` makes it)."""
    out = reshape(values, shape)
    out._array = True
    return out
