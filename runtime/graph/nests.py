"""NumPy functions given Python lists (or tuples) that hold graph tensors: the lists become tensors first.

Before (what the user wrote)::

    M = np.diag([cosa, cosa, cosa, 1.0])
    order = np.argsort([np.sum((x - p) ** 2) for p in points])

After (the graph)::

    d:f64[4] = stack[axis=0] a a a c        # [cosa, cosa, cosa, 1.0], as np.array would make it
    e:f64[4,4] = ...diag of d...

NumPy converts such a list itself (``np.asarray``), element by element, and a graph tensor cannot become a
NumPy array while it is traced; NumPy's dispatch does not look inside lists for ``__array_function__``. So the
converter routes a NumPy call with a list or tuple among its arguments through ``ag__.builtin``
(autograph/converters/call_trees.py); when the plain call fails, ``call`` here finds which of those
arguments NumPy takes as arrays (its own dispatcher says, asked with a stand-in for each), makes each one
tensor with ``np.array``'s rules (the dtype NumPy gives the whole list, Python numbers included), and calls
the function again, which then dispatches to the graph's implementation. Lists in other parameters (an
``axis`` tuple, a shape) are left as they are.
"""

from __future__ import annotations

from typing import Any, Callable

import numpy as np

from runtime.graph.tensor import holds_tensor, nest_array
from runtime.limits import forget_since, refusal_mark


class _Relevant(Exception):
    """Raised by a stand-in that NumPy's dispatch asked: the stand-ins NumPy takes as arrays."""

    def __init__(self, found: set) -> None:
        super().__init__()
        self.found = found


class _StandIn:
    """Takes the place of one list while NumPy's dispatcher is asked which arguments are arrays. Each stand-in
    has a class of its own, so the ``types`` NumPy hands ``__array_function__`` name the relevant ones."""

    def __array_function__(self, func: Any, types: Any, args: Any, kwargs: Any) -> Any:
        raise _Relevant({t for t in types if issubclass(t, _StandIn)})

    def __array_ufunc__(self, ufunc: Any, method: str, *inputs: Any, **kwargs: Any) -> Any:
        # (A NumPy function that calls a ufunc on the argument: the argument is an array.)
        raise _Relevant({type(x) for x in inputs if isinstance(x, _StandIn)})


def call(f: Callable, args: tuple, kwargs: dict) -> Any:
    """``f(*args, **kwargs)``, a NumPy function or ufunc with lists holding tensors among its arguments, with
    those NumPy takes as arrays made tensors; NotImplemented when NumPy takes none of them as an array (or
    ``f`` is not NumPy's)."""
    module = getattr(f, "__module__", None) or ""
    if not (isinstance(f, np.ufunc) or module.split(".")[0] == "numpy"):
        return NotImplemented
    nests = {key: value for key, value in [*enumerate(args), *kwargs.items()] if holds_tensor(value)}
    if not nests:
        return NotImplemented
    if isinstance(f, np.ufunc):  # a ufunc takes every input as an array: nothing to ask
        relevant = [key for key in nests if isinstance(key, int) and key < f.nin]
    else:
        relevant = _relevant(f, args, kwargs, nests)
    if not relevant:
        return NotImplemented
    made = {key: nest_array(nests[key]) for key in relevant}
    return f(*[made.get(i, a) for i, a in enumerate(args)], **{k: made.get(k, v) for k, v in kwargs.items()})


def _relevant(f: Callable, args: tuple, kwargs: dict, nests: dict) -> list:
    """The keys of ``nests`` (positions or keywords) that NumPy's dispatcher takes as arrays: ``f`` is called with
    a stand-in in place of each, and the first stand-in NumPy asks says which it was given. The call may
    run NumPy code on the other arguments before failing (when no stand-in is relevant); what it refuses
    on the way is forgotten."""
    stand_ins = {key: type(f"_StandIn{i}", (_StandIn,), {})() for i, key in enumerate(nests)}
    probe_args = [stand_ins.get(i, a) for i, a in enumerate(args)]
    probe_kwargs = {k: stand_ins.get(k, v) for k, v in kwargs.items()}
    mark = refusal_mark()
    try:
        f(*probe_args, **probe_kwargs)
    except _Relevant as answer:
        return [key for key, stand_in in stand_ins.items() if type(stand_in) in answer.found]
    except Exception:
        pass
    finally:
        forget_since(mark)
    return []
