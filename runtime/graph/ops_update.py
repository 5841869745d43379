"""Functional updates: ``setitem``, the graph form of ``x[index] = v``.

``setitem(x, v, *index_inputs; index)`` returns a copy of ``x`` with ``x[index]`` replaced by ``v``
(broadcast to the selected shape, cast to ``x``'s dtype as NumPy's assignment casts). ``index`` is
in ``getitem``'s form: ints, slices, None, Ellipsis, and ``Ref(k)`` for the k-th index input.

Before (Python, ``x`` a graph tensor)::

    x[1:, i] = 0.0

After (the graph)::

    c:f64[3,4] = setitem[index=(1:, $0)] a b i

With an integer array in the index and repeated positions, the last write wins (NumPy's rule; the
JAX lowering is XLA's scatter, which on CPU applies updates in order too).
"""

from __future__ import annotations

import warnings
from typing import Any, Sequence

import numpy as np

from runtime.graph import shapes
from runtime.graph.opdefs import define


def fill_index(index: tuple, inputs: Sequence[Any]) -> tuple:
    """``index`` with each ``Ref(k)`` replaced by ``inputs[k]`` (also inside slices)."""
    def fill(item: Any) -> Any:
        if isinstance(item, shapes.Ref):
            return inputs[item.k]
        if isinstance(item, slice):
            return slice(fill(item.start), fill(item.stop), fill(item.step))
        return item
    return tuple(fill(item) for item in index)


def _one_element_arrays_fill_an_element() -> bool:
    """Whether the installed NumPy writes a one-element array into one element (``x[0, 1] = np.ones(1)``,
    ``x.flat[0] = [5.0]``): NumPy 2.2 does (its deprecated conversion of an array to a scalar, with a
    DeprecationWarning); later releases raise "setting an array element with a sequence."."""
    probe = np.zeros(1)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        try:
            probe[0] = np.ones(1)
            probe.flat[0] = np.ones(1)
        except (ValueError, TypeError, DeprecationWarning):
            return False
    return True


ONE_ELEMENT_ARRAYS_FILL_AN_ELEMENT = _one_element_arrays_fill_an_element()


def fills_one_element(shape: Sequence[Any]) -> bool:
    """Whether a value of ``shape``, not 0-d, may be written into one element as the installed NumPy writes it:
    one element in all (every dim 1), on a NumPy that takes it (``ONE_ELEMENT_ARRAYS_FILL_AN_ELEMENT``)."""
    return ONE_ELEMENT_ARRAYS_FILL_AN_ELEMENT and all(d == 1 for d in shape)


def _one_element(index: tuple, rank: int, index_inputs: Sequence[Any]) -> bool:
    """Whether ``index`` names one element of an array of ``rank`` dimensions by an integer for each (``x[0, 1]``,
    ``x[i]``, ``x[()]`` of a 0-d array): NumPy's element assignment, which takes no array of one dimension or more,
    not even of one element (``x[..., 0]``, ``x[0, None]`` and slices broadcast instead)."""
    def integer(item: Any) -> bool:
        if isinstance(item, shapes.Ref):
            spec = index_inputs[item.k]
            return spec.shape == () and spec.dtype.kind in "iu"
        return isinstance(item, (int, np.integer)) and not isinstance(item, (bool, np.bool_))
    return len(index) == rank and all(integer(item) for item in index)


def _setitem_rule(ins, attrs):
    x, v, *index_inputs = ins
    target = shapes.getitem(x.shape, attrs["index"], *shapes.index_shapes(index_inputs))
    if len(v.shape) and _one_element(attrs["index"], len(x.shape), index_inputs) and not fills_one_element(v.shape):
        raise ValueError("setting an array element with a sequence.")
    squeezed = tuple(v.shape)
    while len(squeezed) > len(target) and squeezed[0] == 1:  # NumPy drops leading ones of the value
        squeezed = squeezed[1:]
    if len(squeezed) > len(target) or any(got not in (1, None) and want is not None and got != want
                                          for got, want in zip(reversed(squeezed), reversed(target))):
        raise ValueError(f"could not broadcast input array from shape {shapes.fmt_shape(v.shape)} "
                         f"into shape {shapes.fmt_shape(target)}")
    return [(x.shape, x.dtype)]


def _setitem_kernel(x: Any, v: Any, *index_inputs: Any, index: tuple) -> np.ndarray:
    out = np.array(x, copy=True)
    out[fill_index(index, index_inputs)] = v
    return out


define("setitem", _setitem_rule, kernel=_setitem_kernel, jax="runtime.jax.lowering")  # (beside getitem's rule)
