"""What a traced function returns for a 0-d value is what eager returns: a NumPy scalar (``np.sum(x)``, ``x[0]``,
``x[0] > 0``, a variable every branch of a staged ``if`` and every turn of a staged loop leave one) comes back as
that NumPy scalar, a 0-d array (``np.zeros(())``, ``x[..., 0]``) as a 0-d array; on each executor, and from a saved
and loaded graph. (Graphs returned 0-d arrays for all of them: not hashable, not a ``float``, not JSON.)"""

from __future__ import annotations

import json

import numpy as np
import pytest

import autograph
from tests.helpers import executors


def reductions(x):
    return np.sum(x), np.max(x), x[0], x[-1] > 0, np.mean(x) * 2, np.sum(x, dtype=np.float32)


def arrays(x):
    return np.zeros(()), x[..., 0], np.asarray(np.sum(x)), np.array(x[0])


def staged_if(x):
    s = np.sum(x)
    if s > 0:
        s = s * 2
    t = np.zeros(())
    if s > 1:
        t += 1  # (in place: a 0-d array either way; `t = t + 1` would make a NumPy scalar in one branch only)
    return s, t


def staged_loops(x):
    s = np.sum(x)
    while s < 100:
        s = s * 2
    for i in range(x.shape[0]):
        s = s + x[i]
    return s, np.max(x)


def mixed_kinds(x):
    s = np.sum(x)
    if s > 2:
        s = np.asarray(s)  # a 0-d array in one branch, a NumPy scalar in the other: a 0-d array either way
    return s


def single(x):
    return np.sum(x)


def kinds(result):
    return [(type(v), np.asarray(v).dtype, np.asarray(v).tolist()) for v in
            (result if isinstance(result, tuple) else (result,))]


@pytest.mark.parametrize("executor", executors())
@pytest.mark.parametrize("fn", [reductions, arrays, staged_if, staged_loops, single])
def test_a_returned_0d_value_is_of_eagers_type(executor, fn):
    x = np.array([1.0, -2.0, 3.5])
    traced = autograph.function(fn, executor=executor)
    assert kinds(traced(x)) == kinds(fn(x))
    assert kinds(traced(x)) == kinds(fn(x))  # (the second call, on the trace's fast path)


@pytest.mark.parametrize("executor", executors())
def test_a_0d_value_of_either_kind_comes_back_an_array(executor):
    traced = autograph.function(mixed_kinds, executor=executor)
    assert type(traced(np.array([1.0, 2.0]))) is np.ndarray


def test_a_returned_numpy_scalar_is_hashable_and_written_by_json():
    total = autograph.function(single)(np.array([1.0, 2.0]))
    assert {total: "three"}[3.0] == "three" and json.dumps(total) == "3.0" and isinstance(total, float)


def test_a_loaded_graph_returns_the_same_kinds(tmp_path):
    x = np.array([1.0, -2.0, 3.5])
    for fn in (reductions, arrays, staged_if, single):
        traced = autograph.function(fn)
        traced(x)
        autograph.save(traced, tmp_path / f"{fn.__name__}.agraph")
        loaded = autograph.load(tmp_path / f"{fn.__name__}.agraph")
        assert kinds(loaded(x)) == kinds(fn(x)), fn.__name__
