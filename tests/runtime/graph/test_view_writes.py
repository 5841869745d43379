"""Views and copies under writes, differential against eager NumPy on each executor.

Each program takes ``y`` from ``x`` by one of NumPy's ways of reading a whole array (``x[None]``, ``np.ravel``,
``x.T``, ``np.squeeze``, ``np.diagonal``, ``x.imag``, ``x[()]``...), writes into ``y`` or into ``x`` (``[...] =``,
``+=``, ``fill``, ``out=``), and returns both: which of them is a view (a write into either shows in the other), a
read-only view (a write into it is NumPy's ValueError), a copy, a NumPy scalar or a 0-d array must be NumPy's, for
0-d, 1-d and 2-d ``x``. The oracle is the same function run eagerly. A clear refusal (``x.view()``) passes.

Found by this family: ``x[()]`` of a 0-d array was a view of it (NumPy's is the element, a scalar copy), so
``y = x[()]`` then ``x += 1`` changed ``y``; ``x[:]`` of a 0-d array (and any subscript of more slices than
dimensions) gave ``x`` where NumPy raises IndexError; ``np.diagonal`` was a writable copy (NumPy's is a read-only
view: a write into ``x`` shows in it); ``x.imag`` of a real array took writes (NumPy's is read-only); ``np.squeeze``
of a 0-d array was a copy (NumPy's is a view); ``np.flip`` of a 0-d array was the array itself (NumPy's the element);
``y = x[...]`` of a 0-d array came back a NumPy scalar once ``x`` was written; ``np.diag`` of a matrix and
``sliding_window_view`` were writable copies (NumPy's are read-only views); ``np.trim_zeros`` was a copy where NumPy's
is a view (a write into either is refused now: its bounds depend on the values).
"""

from __future__ import annotations

import warnings

import numpy as np
import pytest

import autograph
from runtime.limits import Limitation
from tests.helpers import executors, load_f

READS = [
    "x[None]", "x[np.newaxis, ...]", "np.atleast_1d(x)", "np.atleast_2d(x)", "x.ravel()", "np.ravel(x)",
    "x.reshape(1, -1)", "x.reshape(-1)", "np.expand_dims(x, 0)", "np.squeeze(x)", "x.squeeze()", "x.flatten()",
    "np.asarray(x)", "x.T", "np.transpose(x)", "np.flip(x)", "np.broadcast_to(x, x.shape)", "x[...]", "x[()]",
    "x[:] if x.ndim else x[...]", "x[::1] if x.ndim else x", "x.reshape(x.shape)", "np.reshape(x, x.shape)",
    "x.astype(x.dtype)", "x.astype(x.dtype, copy=False)", "np.asarray(x, dtype=x.dtype)", "np.asanyarray(x)",
    "x.real", "np.real(x)", "x.imag", "np.imag(x)", "np.diagonal(x) if x.ndim >= 2 else x",
    "x.diagonal() if x.ndim >= 2 else x", "x.swapaxes(0, -1) if x.ndim else x",
    "np.moveaxis(x, 0, -1) if x.ndim else x", "np.copy(x)", "x.copy()",
    "np.diag(x) if x.ndim == 2 else x", "np.split(x, [1])[1] if x.ndim else x",
    "np.array_split(x, 2)[0] if x.ndim else x",
    "np.vsplit(x, 2)[0] if x.ndim == 2 else x", "np.atleast_3d(x)", "x.mT if x.ndim == 2 else x",
    "np.permute_dims(x)", "np.rollaxis(x, -1) if x.ndim else x", "x[1:] if x.ndim else x",
    "x[::-1] if x.ndim else x", "x[:, 0] if x.ndim == 2 else x", "x.reshape(-1)[1:]",
    "np.lib.stride_tricks.sliding_window_view(x, 1) if x.ndim else x",
    "np.meshgrid(x, copy=False)[0] if x.ndim == 1 else x",
    "np.rot90(x) if x.ndim == 2 else x", "np.ascontiguousarray(x)", "np.trim_zeros(x) if x.ndim == 1 else x",
    "x.view()", "x.view(x.dtype)", "np.broadcast_arrays(x, x)[0]", "np.broadcast_arrays(x, x[None])[0]",
]
WRITES = ["y[...] = 7.0", "y += 1.0", "y.fill(7.0)", "y *= 2.0",
          "x[...] = 7.0", "x += 1.0", "x.fill(7.0)", "np.multiply(x, 3.0, out=x)"]
SHAPES = [(), (3,), (2, 2)]


def _outcome(fn, x):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            result = fn(np.copy(x))
        except Limitation as refusal:
            return "refused", type(refusal)
        except Exception as error:  # noqa: BLE001  (NumPy's error is the result being compared)
            return "raises", type(error), str(error)
    return "value", [(type(v), np.shape(v), np.asarray(v).dtype, np.asarray(v).tolist()) for v in result]


@pytest.mark.parametrize("executor", executors())
@pytest.mark.parametrize("shape", SHAPES, ids=lambda shape: f"{len(shape)}-d")
@pytest.mark.parametrize("read", READS)
def test_views_copies_and_read_only_views_are_numpys_under_writes(executor, shape, read):
    x = np.arange(1.0, 1.0 + np.prod(shape)).reshape(shape)
    for write in WRITES:
        source = f"def f(x):\n    y = {read}\n    {write}\n    return x, y\n"
        f = load_f(source, "view-write")
        want = _outcome(f, x)
        got = _outcome(autograph.function(f, executor=executor), x)
        if got[0] == "refused":
            continue  # a clear refusal, never another answer
        assert got == want, (source, shape, got, want)


# Arrays whose length only the values give (``x[x > 0]``, ``np.where(...)[0]``), reshaped or raveled and written
# through (detecta's ``detect_seq``: ``idx2 = np.where(...)[0].reshape(-1, 2)``, ``idx2[:, 1] = idx2[:, 1] - 1``).
# The write-back into the base asked ``int(None)`` of its unknown length until stop 94 (a TypeError on every
# executor); now the base's run-time dimension is read when the graph runs.
RUN_TIME_LENGTH_PROGRAMS = [
    "idx = np.where(x > 0)[0].reshape(-1, 2)\n    idx[:, 1] = idx[:, 1] - 1\n    return idx",
    "y = x[x > 0]\n    z = y.reshape(-1, 2)\n    z[:, 0] += 1.0\n    return y, z",
    "y = x[x > 0]\n    z = y.reshape(2, -1)\n    z[1] = 0.0\n    return y",
    "y = x[x > 0] * 2.0\n    r = y.ravel()\n    r[0] = -1.0\n    return y, r",
    "y = x[x > 0].reshape(-1, 1)\n    y[0, 0] = 9.0\n    y += 1.0\n    return y",
    "m = x.reshape(2, -1)[:, x[:3] > 0]\n    r = m.reshape(-1)\n    r[:] = 5.0\n    return m",
]


@pytest.mark.parametrize("executor", executors())
@pytest.mark.parametrize("body", RUN_TIME_LENGTH_PROGRAMS)
def test_writes_through_reshapes_of_arrays_whose_length_the_values_give_are_numpys(executor, body):
    f = load_f(f"def f(x):\n    {body}\n", "run-time-length-view")
    traced = autograph.function(f, executor=executor)
    for x in (np.array([0.0, 1.0, 2.0, 0.0, 3.0, 4.0]), np.array([5.0, -1.0, 2.0, 3.0, -4.0, 6.0]),
              np.array([1.0, 2.0, 3.0, 4.0, 5.0, 6.0])):
        want = _outcome(f, x.copy())
        got = _outcome(traced, x.copy())
        if got[0] == "refused":
            continue  # a clear refusal, never another answer
        assert got == want, (body, x, got, want)
