"""Writes through a reshape or ravel of an array whose memory layout NumPy derives from its inputs, against eager NumPy.

NumPy lays the result of most of its functions out as their inputs lie (its iterator's K order: ufuncs, casts,
reductions, sorts, cumulative sums, ``np.copy``, concatenation), and an advanced index's result with the indexed
axes first in memory (``x[:, [0, 2]]`` of a C array is F-ordered). Its ``.reshape(-1)`` or ``.ravel()`` of such an
array is then a copy, which a write through it does not reach. Until stop 94 a graph took every array it made for
C-ordered but a few layout ops' results (stop 92), so ``m = x.T + 0.0; m.reshape(-1)[0] = 100.0`` changed ``m``, with
no error, on every executor (found by the traj-dist and detecta corpus's ``detect_seq``, whose write through a
reshape crashed first). Now the graph follows the layout back through the ops that keep it and refuses such a write
(or a read of the reshape after a write into the array) where it cannot tell C order: a clear refusal passes, any
other answer than NumPy's fails.

Each program makes ``s`` from the argument ``x`` (2 x 3) in one of ``SOURCES``, computes ``m`` from it with one of
``OPS``, takes ``r`` from ``m`` with one of ``VIEWS``, and writes through ``r`` or into ``m``.
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest

import autograph
from runtime.limits import Limitation
from tests.helpers import executors, load_f

SOURCES = ["x", "x.T", "np.asfortranarray(x)", "x[:, [0, 2, 1]]", "x[[1, 0]]", "np.ones((2, 3)) * x",
           "x.copy()", "np.arange(6.0).reshape(2, 3)", "x[:, np.array([True, False, True])]",
           "np.asfortranarray(x).reshape(2, 3, 1)[..., 0]", "(x.T * 1.0).reshape(2, 3)"]
OPS = ["s + 0.0", "np.exp(s)", "s * s", "np.sort(s, axis=0)", "np.cumsum(s, axis=1)", "s.astype(np.float32)",
       "np.copy(s)", "np.concatenate([s, s])", "np.where(s > 1, s, -s)", "s", "s @ s.T", "np.maximum(s, 1.0)",
       "np.ascontiguousarray(s) * 2.0"]
VIEWS = ["m.reshape(-1)", "m.ravel()", "m.reshape(m.shape[1], -1)"]
WRITES = ["r[0] = 100.0\n    return m, r", "m[0, 0] = 100.0\n    return m, r"]
C_ORDERED = tuple(f"def f(x):\n    s = {source}\n" for source in ("x", "np.ones((2, 3)) * x", "x.copy()"))
PROGRAMS = [f"def f(x):\n    s = {source}\n    m = {op}\n    r = {view}\n    {write}\n"
            for source, op, view, write in itertools.product(SOURCES, OPS, VIEWS, WRITES)]


def _outcome(f, x):
    try:
        result = f(x)
    except Limitation as refusal:
        return ("refused", type(refusal))
    except Exception as error:  # noqa: BLE001  (NumPy's error is the outcome compared)
        return ("raises", type(error), str(error))
    return ("value", [(np.asarray(v).dtype, np.asarray(v).tolist()) for v in result], x.tolist())


@pytest.mark.parametrize("executor", executors())
def test_a_write_through_a_reshape_of_a_derived_layout_is_numpys_or_refused(executor):
    # make test: every third program on the NumPy executor (two of the six views and writes of each source and op),
    # every eighteenth on XLA (each compiles); make slow: all of them, and a sixth on XLA. What is refused and what
    # runs is decided while tracing, the same for every executor.
    _check(PROGRAMS[::3] if executor == "numpy" else PROGRAMS[::18], executor)


@pytest.mark.slow
@pytest.mark.parametrize("executor", executors())
def test_every_write_through_a_reshape_of_a_derived_layout_is_numpys_or_refused(executor):
    _check(PROGRAMS if executor == "numpy" else PROGRAMS[::6], executor)


def _check(programs, executor):
    x = np.arange(1.0, 7.0).reshape(2, 3)
    for source in programs:
        f = load_f(source, "derived-layout")
        want = _outcome(f, x.copy())
        got = _outcome(autograph.function(f, executor=executor), x.copy())
        if got[0] == "refused":
            # A clear refusal, never another answer; but not where every op on the way keeps the C order of a
            # C-contiguous argument or of an array made in C order: those run, as before.
            assert not source.startswith(C_ORDERED), source
            continue
        assert got == want, (source, got, want)


def test_the_programs_that_wrote_through_numpys_copy_are_refused_with_what_to_do():
    f = load_f("def f(x):\n    m = x.T + 0.0\n    r = m.reshape(-1)\n    r[0] = 100.0\n    return m\n",
               "derived-layout")
    x = np.arange(1.0, 7.0).reshape(2, 3)
    np.testing.assert_array_equal(f(x.copy()), x.T)  # NumPy's reshape of the F-ordered sum was a copy
    with pytest.raises(Limitation, match=r"otherwise than in C order: one computed from a transpose.*Write into the "
                                         r"original array, or into a \.copy\(\) of the reshaped one"):
        autograph.function(f)(x.copy())


def test_an_array_computed_from_an_argument_relies_on_the_arguments_layout_at_each_call():
    """``m = x * 2.0`` is C-ordered where ``x`` is: a write through ``m.reshape(-1)`` stages for a C-contiguous ``x``,
    and a call with a transposed or Fortran-ordered ``x`` (whose ``m`` NumPy lays out in F order: its reshape a copy)
    is refused before the graph runs, naming the line and what to pass."""
    from autograph import LayoutDependentView

    f = load_f("def f(x):\n    m = x * 2.0\n    r = m.reshape(-1)\n    r[0] = 100.0\n    return m\n", "derived-layout")
    traced = autograph.function(f)
    x = np.arange(1.0, 7.0).reshape(2, 3)
    np.testing.assert_array_equal(traced(x.copy()), f(x.copy()))
    for other in (np.asfortranarray(x), np.arange(1.0, 7.0).reshape(3, 2).T):
        assert f(other.copy(order="K"))[0, 0] != 100.0  # NumPy's reshape was a copy there
        with pytest.raises(LayoutDependentView, match=r":4: f relies on NumPy laying out an array it computes from "
                                                      r"its argument 'x' in C order.*np\.ascontiguousarray\(x\)"):
            traced(other)


def test_the_arguments_an_arrays_layout_rests_on_are_those_it_was_made_from():
    """NumPy fixes an array's layout as it makes it: values written into it later, laid out otherwise, change nothing
    (``m[...] = y.T`` keeps ``m`` C-ordered where ``x`` is), and the call still checks ``x``'s layout."""
    from autograph import LayoutDependentView

    f = load_f("def f(x, y):\n    m = x * 2.0\n    r = m.reshape(-1)\n    m[...] = y.T\n    r[0] = 100.0\n"
               "    return m\n", "derived-layout")
    traced = autograph.function(f)
    x, y = np.arange(1.0, 7.0).reshape(2, 3), np.arange(6.0, 0.0, -1.0).reshape(3, 2)
    np.testing.assert_array_equal(traced(x.copy(), y.copy()), f(x.copy(), y.copy()))
    with pytest.raises(LayoutDependentView, match="its argument 'x' in C order"):
        traced(np.asfortranarray(x), y.copy())
