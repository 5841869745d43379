"""Python and NumPy types of 0-d tensors (issue 31), against eager NumPy on both executors.

``x.item()`` and ``x.tolist()`` give Python numbers known when the graph runs (``PyNumber``s: a float64 for a
float, an int64 for an int), which promote as the Python numbers do; ``isinstance`` of a 0-d tensor that NumPy
surely holds as a scalar answers as that scalar (``np.float64`` is a ``float``, ``np.int64`` no ``int``);
``np.float32(t)`` and ``x.dtype.type(t)`` cast.
"""

from __future__ import annotations

import numpy as np
import pytest

import autograph
from runtime.limits import Limitation, NotStageable
from tests import helpers

HERE = __file__
_JAX = pytest.mark.skipif(not helpers.jax_usable(), reason="needs JAX, which is not installed")
EXECUTORS = [pytest.param("numpy", id="numpy"), pytest.param("jax", id="jax", marks=_JAX)]


def same(got, want):
    if isinstance(want, (tuple, list)):
        assert isinstance(got, (tuple, list)) and len(got) == len(want)
        for g, w in zip(got, want):
            same(g, w)
        return
    # A Python number the function returns is a 0-d array of the dtype its Python type stands for.
    want = np.asarray(want, dtype={bool: np.bool_, int: np.int64, float: np.float64}.get(type(want)))
    got = np.asarray(got)
    assert got.dtype == want.dtype and got.shape == want.shape, (got.dtype, want.dtype, got.shape, want.shape)
    np.testing.assert_allclose(got, want, rtol=1e-13)


def items(x):
    total = np.sum(x).item()
    first = x.astype(np.int32)[0].item()
    flag = (x[0] > 0).item()
    at = x.item(2)  # x.item(i): the i-th element, flattened
    weak = x.astype(np.float32) * total  # a Python float next to float32 stays float32
    return total, first, flag, at, weak, first / 2, total + first


def tolists(x):
    rows = np.outer(x[:2], x[:2]).tolist()
    return rows, sum(rows[0]), np.float64(x[0]).tolist(), np.arange(3).tolist()


def isinstances(x):
    s, s32, i, e = np.sum(x), np.sum(x.astype(np.float32)), np.argmax(x), x[0]
    n = x.astype(np.int64)[1].item()
    return (isinstance(s, float), isinstance(s32, float), isinstance(i, int), isinstance(i, np.integer),
            isinstance(e, (int, float)), isinstance(s, np.ndarray), isinstance(s, np.generic), isinstance(n, int),
            isinstance(n, np.integer), isinstance(x, np.ndarray))


def scalar_types(x, image):
    dtype = image.dtype.type
    return (np.float32(x[0]) * (x[1] - x[0]), dtype(x * 2), np.int32(x[2]), np.float64(np.float32(x[0])),
            np.float32([x[0], 1.0]), np.bool_(x[0]))


@pytest.mark.parametrize("executor", EXECUTORS)
@pytest.mark.parametrize("fn", [items, tolists, isinstances], ids=["items", "tolists", "isinstances"])
def test_python_numbers_from_tensors_match_numpy(fn, executor):
    x = np.array([1.7, -2.2, 3.9])
    same(autograph.function(fn, executor=executor)(x), fn(x))


@pytest.mark.parametrize("executor", EXECUTORS)
def test_numpy_scalar_types_cast_tensors(executor):
    x, image = np.array([1.7, -2.2, 3.9]), np.zeros(2, np.float32)
    same(autograph.function(scalar_types, executor=executor)(x, image), scalar_types(x, image))


@pytest.mark.parametrize("executor", EXECUTORS)
def test_a_numpy_scalar_type_called_on_a_0d_value_gives_that_scalar_not_an_array(executor):
    # (Until stop 71 a cast to another dtype came back as a 0-d array: np.float32(x[0]) was array(1.7, dtype=float32).)
    def casts(x):
        return np.float32(x[0]), np.int8(x[2]), np.int64(x[0]), x.dtype.type(x[1] * 2), np.float32(np.sum(x)), \
            np.float32(x[:2])

    x = np.array([1.7, -2.2, 3.9])
    got, want = autograph.function(casts, executor=executor)(x), casts(x)
    assert [type(g) for g in got] == [type(w) for w in want], (got, want)
    same(got, want)


def test_on_plain_values_the_types_are_pythons():
    x, image = np.array([1.7, -2.2, 3.9]), np.zeros(2, np.float32)
    for fn, args in [(items, (x,)), (tolists, (x,)), (isinstances, (x,)), (scalar_types, (x, image))]:
        got, want = autograph.convert(fn)(*args), fn(*args)
        assert [type(g) for g in got] == [type(w) for w in want]


def test_item_of_more_than_one_element_is_numpys_error():
    def f(x):
        return x.item()

    with pytest.raises(ValueError, match="can only convert an array of size 1 to a Python scalar"):
        f(np.ones(2))
    with pytest.raises(ValueError, match="can only convert an array of size 1 to a Python scalar"):
        autograph.function(f)(np.ones(2))


def test_item_of_a_uint64_beyond_int64_fails_when_the_graph_runs():
    def f(x):
        return x[0].item() + 1

    g = autograph.function(f)
    assert g(np.array([5], np.uint64)) == 6
    with pytest.raises(OverflowError, match="Python int beyond int64"):
        g(np.array([2 ** 63 + 5], np.uint64))


def ambiguous(x):
    return isinstance(x, float)  # ambiguous


def test_isinstance_of_an_argument_that_may_be_a_scalar_or_a_0d_array_is_refused_at_the_line():
    # (A call's own 0-d argument is keyed as what it is, TensorSpec.scalar; an input_signature's 0-d spec is not.)
    assert autograph.function(ambiguous)(np.float64(1.0)) == ambiguous(np.float64(1.0))
    with pytest.raises(NotStageable) as info:
        autograph.function(ambiguous, input_signature=[autograph.TensorSpec(())])(np.float64(1.0))
    assert isinstance(info.value, Limitation)
    message = str(info.value)
    assert message.startswith(f"{HERE}:{helpers.line_of(HERE, 'ambiguous')}: isinstance() of a 0-d graph tensor")
    assert "test the dtype (x.dtype.kind) or the shape (x.ndim) instead" in message


def big_list(x):
    return (np.ones(300) * x[0]).tolist()  # big-list


def test_tolist_of_a_big_tensor_is_refused_at_the_line():
    with pytest.raises(NotStageable) as info:
        autograph.function(big_list)(np.ones(2))
    message = str(info.value)
    assert message.startswith(f"{HERE}:{helpers.line_of(HERE, 'big-list')}: tensor.tolist() of a graph tensor "
                              "(f64[300]) with more than 256 elements"), message
    assert "return it from the function and call .tolist() on the result" in message


def _hashed_ints(x):
    return {int(a) for a in x.tolist()}  # (networkx's expanders: a set of edges from a permutation)


def test_hashing_int_of_a_traced_value_names_int_not_only_dimensions():
    """int(v) of a traced value is a Python int known when the graph runs, as a traced dimension is: its refusal
    named only dimensions from an input_signature, which the program had none of."""
    with pytest.raises(Limitation, match=r"a Python int known only when the graph runs \(int\(\) or \.item\(\) of a "
                                         r"traced value.*hashing it"):
        autograph.function(_hashed_ints)(np.arange(3))


def _in_a_display(r, n):
    if r in (0, n):  # (statsmodels: `if r1 in (0, n)`)
        return 1
    return 2


def _not_in_a_list(r, n):
    return 1 if r not in [0, n] else 2


@pytest.mark.parametrize("fn", [_in_a_display, _not_in_a_list])
def test_in_with_a_traced_value_is_refused_naming_in_and_how_to_compare(fn):
    """`in` always gives a Python bool (the converter leaves its `if` plain): the refusal was the generic one, which
    said the line was no `if` statement; it names `in` and the comparison to write instead."""
    with pytest.raises(NotStageable, match=r"test_python_types.py:\d+: .*It was asked by `in` \(or `not in`\).*"
                                           r"`\(x == a\) \| \(x == b\)` for `x in \(a, b\)`, or np.isin"):
        autograph.function(fn)(np.int64(3), 3)


def _masked_sum(x):
    return np.ma.masked_array(x, mask=x == 0).sum()  # (scikit-bio's vlr with robust=True)


def test_a_masked_array_of_a_traced_value_is_refused_naming_np_ma():
    refused = (r"test_python_types.py:\d+: converting a tensor .* It was asked by np.ma \(masked arrays\), "
               r"which graphs do not support.*np.where\(mask, fill, x\)")
    with pytest.raises(NotStageable, match=refused):
        autograph.function(_masked_sum)(np.ones(3))
