"""A copy made inside a staged branch or loop body of a tensor from before it is that body's own.

Found by the coverage corpus (quantopian/empyrical's ``cum_returns``: ``if np.any(nanmask): returns =
returns.copy(); returns[nanmask] = 0``): the copy belonged to the enclosing graph, so the write into it
looked like a write into a tensor from before the ``if``; the branch was traced again returning it, made
a new copy, and so on: tracing never ended.
"""

from __future__ import annotations

import numpy as np
import pytest

import autograph


def copy_then_mask_write(r):
    m = np.isnan(r)
    if np.any(m):
        r = r.copy()
        r[m] = 0
    return r


def copy_then_item_write(r):
    if np.sum(r) > 0:
        r = r.copy()
        r[0] = -1.0
    return r


def copy_in_loop(r, n):
    i = 0
    out = r
    while i < n:
        out = out.copy()
        out[i % 3] = out[i % 3] + 1.0
        i += 1
    return out, r


def original_untouched(r):
    if np.sum(r) > 0:
        s = np.copy(r)
        s[1] = 100.0
        return s + r
    return r


INPUTS = [np.array([1.0, np.nan, 2.0]), np.array([1.0, 3.0, 2.0]), np.array([-1.0, -3.0, 0.5])]


@pytest.mark.parametrize("executor", ["numpy", "jax"])
@pytest.mark.parametrize("fn", [copy_then_mask_write, copy_then_item_write, original_untouched])
def test_a_copy_written_in_a_staged_branch_matches_eager(fn, executor):
    if executor == "jax":
        pytest.importorskip("jax")
    graph = autograph.function(fn, executor=executor)
    for x in INPUTS:
        expected = fn(x.copy())
        given = x.copy()
        np.testing.assert_array_equal(graph(given), expected)
        np.testing.assert_array_equal(given, x)  # the argument is not written


@pytest.mark.parametrize("executor", ["numpy", "jax"])
def test_a_copy_written_in_a_staged_loop_matches_eager(executor):
    if executor == "jax":
        pytest.importorskip("jax")
    graph = autograph.function(copy_in_loop, executor=executor)
    for x in INPUTS[1:]:
        for n in (0, 1, 4):
            expected = copy_in_loop(x.copy(), np.int64(n))
            got = graph(x.copy(), np.int64(n))
            for a, b in zip(got, expected):
                np.testing.assert_array_equal(a, b)


# --- found by the same corpus: errors that did not name the user's line, an index NumPy takes --------------

def empty_tuple_index(x):
    return np.prod(x[:, ()], axis=1), x[:, (0, 1)], x[:, []]


def out_into_a_numpy_array(x):
    out = np.array([0.0, 0.0, 0.0])  # (an array np.zeros made in the function would be a graph array)
    np.add(x, 1.0, out=out)
    return out


def ufunc_at_a_numpy_array(x):
    acc = np.array([0.0, 0.0, 0.0])
    np.add.at(acc, [0, 0, 1], x)
    return acc


@pytest.mark.parametrize("executor", ["numpy", "jax"])
def test_an_empty_sequence_is_an_empty_integer_index_as_in_numpy(executor):
    if executor == "jax":
        pytest.importorskip("jax")
    x = np.arange(6.0).reshape(3, 2)
    for got, expected in zip(autograph.function(empty_tuple_index, executor=executor)(x), empty_tuple_index(x)):
        assert got.shape == expected.shape and got.dtype == expected.dtype
        np.testing.assert_array_equal(got, expected)


@pytest.mark.parametrize("fn, line", [(out_into_a_numpy_array, "np.add(x, 1.0, out=out)"),
                                      (ufunc_at_a_numpy_array, "np.add.at(acc, [0, 0, 1], x)")])
def test_a_write_into_a_numpy_array_made_in_the_function_names_the_line(fn, line):
    import inspect

    lines, first = inspect.getsourcelines(fn)
    number = first + next(i for i, text in enumerate(lines) if line in text)
    with pytest.raises(autograph.NotStageable) as info:
        autograph.function(fn)(np.ones(3))
    assert str(info.value).startswith(f"{__file__}:{number}: ")
    assert "Make it with np.zeros (np.empty, np.full, ...) in the function" in str(info.value)
