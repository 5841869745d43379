"""Dimensions known only at run time (issue 29, item 3), against plain eager NumPy on every executor.

With ``input_signature=[TensorSpec([None])]`` an unknown dim read by the user's code (``x.shape[0]``, ``x.size``)
is a ``PyNumber``: a graph value standing for the Python int eager code gets, promoting weakly as that int does,
and computing as Python does with other Python numbers. It never reads as None (which made ``if x.size:`` and
``x.size or 1`` silently take another path). Where Python needs the number itself while tracing (``len(x)``,
``np.zeros(n)``, ``x.shape == y.shape``, ``range(n)`` in code that is not converted) the trace stops with an
``UnknownDimension`` (a ``TypeError`` and a ``Limitation``) at the user's line, saying what to write instead.
"""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import autograph
from autograph import TensorSpec
from runtime.limits import Limitation, UnknownDimension
from tests import helpers

HERE = __file__
_JAX = pytest.mark.skipif(not helpers.jax_usable(), reason="needs JAX, which is not installed")
EXECUTORS = [pytest.param("numpy", id="numpy"), pytest.param("jax", id="jax", marks=_JAX),
             pytest.param("auto", id="auto")]


def size_of(x):
    return x.size


def bytes_of(x):
    return x.nbytes, x.itemsize, x.nbytes // x.itemsize == x.size


def first_dim(x):
    return x.shape[0]


def dim_minus_one(x):
    return x.shape[0] - 1


def if_size(x):
    if x.size:
        return x * 2
    return x + 1


def mean_or_zero(x):
    return x.sum() / (x.size or 1)


def if_longer(x):
    if x.shape[0] > 1:
        return x * 2
    return x + 1


def weighted_sum(x):
    s = x[:0].sum()
    for i in range(x.shape[0]):
        s = s + x[i] * i  # x-of-i
    return s


def scaled(x):
    return x * x.shape[0]


def scaled_by_half_size(x):
    return x * (x.size / 2)


def scaled_by_int(x):
    return x * int(x.shape[0])


def scaled_by_max(x):
    return x * max(x.shape[0], 1)


def scaled_by_a_count(x):
    count = 0
    for i in range(x.shape[0]):
        count = count + i
    return x * count


def shrunk_in_a_staged_if(x):
    n = x.shape[0]
    if n > 2:
        n = n - 1
    return x * n, n // 2, n / 2, n == 3


def pairs(x):
    return x.reshape(-1, 2)


def twelve_over(x):
    return 12 // (x.shape[0] - 1)


def last_of_three(x):
    return x[x.shape[0] - 1] if x.shape[0] else x.sum()


EXACT = [size_of, bytes_of, first_dim, dim_minus_one, if_size, mean_or_zero, if_longer, weighted_sum, scaled,
         scaled_by_half_size, scaled_by_int, scaled_by_max, scaled_by_a_count, shrunk_in_a_staged_if, pairs,
         twelve_over]
DTYPES = [np.float64, np.float32, np.int32, np.int8]


def outcome(fn, *args):
    """What ``fn(*args)`` gives: its result as arrays (the graph returns NumPy arrays, eager Python numbers), or the
    class and message of what it raised."""
    try:
        with warnings.catch_warnings(), np.errstate(all="ignore"):
            warnings.simplefilter("ignore")
            result = fn(*args)
    except Exception as error:
        return type(error), str(error).split("\n")[0]
    return tuple(np.asarray(r) for r in result) if isinstance(result, tuple) else np.asarray(result)


def same_error(got, want) -> bool:
    """The same exception class and message. On Python 3.10, which has no exception notes, the graph's error names
    the user's line at the start of its message."""
    if not (isinstance(got, tuple) and isinstance(want, tuple)) or got[0] is not want[0]:
        return False
    if not hasattr(BaseException, "add_note") and got[1].startswith(__file__ + ":"):
        return got[1].endswith(": " + want[1])
    return got[1] == want[1]


def assert_same(got, want, executor="numpy"):
    """The same classes and messages, or the same dtypes, shapes and values (XLA's float division may be an ulp
    off: docs/jax.md)."""
    if isinstance(want, tuple) and isinstance(want[0], type):
        assert same_error(got, want), (got, want)
        return
    if isinstance(want, tuple):
        assert isinstance(got, tuple) and len(got) == len(want)
        for g, w in zip(got, want):
            assert_same(g, w, executor)
        return
    assert not isinstance(got, tuple), got
    assert got.dtype == want.dtype and got.shape == want.shape, (got, want)
    if executor == "numpy" or want.dtype.kind != "f":
        np.testing.assert_array_equal(got, want)
    else:
        np.testing.assert_allclose(got, want, rtol=4 * np.finfo(want.dtype).eps)


_FUNCTIONS: dict = {}


def traced(fn, executor, dtype, shape=(None,)):
    key = (fn, executor, dtype, shape)
    if key not in _FUNCTIONS:
        _FUNCTIONS[key] = autograph.function(fn, executor=executor, input_signature=[TensorSpec(shape, dtype)])
    return _FUNCTIONS[key]


@pytest.mark.parametrize("executor", EXECUTORS)
@pytest.mark.parametrize("fn", EXACT, ids=lambda f: f.__name__)
@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=st.integers(0, 7), dtype=st.sampled_from(DTYPES))
def test_unknown_dims_compute_as_eager(fn, executor, n, dtype):
    x = np.arange(n, dtype=dtype)
    want = outcome(fn, x)
    got = outcome(traced(fn, executor, dtype), x)
    if executor != "numpy" and (fn is pairs and n % 2 or fn is weighted_sum and n == 0) and isinstance(got, tuple) \
            and not same_error(got, want):
        # XLA compiles for the length: a reshape that does not fit, or `x[i]` of an empty array in a loop body
        # that never runs, is a LoweringError (a limitation) at the line, never another answer ("auto" too, once
        # its trial at other lengths chose XLA)
        assert issubclass(got[0], Limitation), got
        assert got[1].startswith(f"{HERE}:{helpers.line_of(HERE, 'pairs' if fn is pairs else 'x-of-i')}:")
        return
    assert_same(got, want, executor)
    assert traced(fn, executor, dtype).tracing_count == 1  # one trace for every length


def pairs_marked(x):
    return x.reshape(-1, 2)  # pairs


pairs = pairs_marked  # noqa: F811  (the marked line names the reshape in LoweringError's message)
EXACT[EXACT.index(next(f for f in EXACT if f.__name__ == "pairs"))] = pairs


@pytest.mark.parametrize("executor", EXECUTORS)
@pytest.mark.parametrize("n", [0, 1, 3, 5])
def test_a_two_dimensional_signature(executor, n):
    def stats(x):
        return x.size, x.shape[1], x.sum(axis=0) / x.shape[0], x.mean(axis=1) * x.ndim

    x = np.arange(n * 3, dtype=np.float32).reshape(n, 3)
    assert_same(outcome(traced(stats, executor, np.float32, (None, 3)), x), outcome(stats, x), executor)


def offset_int8(x):
    return x + (x.shape[0] + 125)  # offset-int8


@pytest.mark.parametrize("executor", [pytest.param("numpy", id="numpy")])
def test_python_errors_of_dims_are_raised_when_the_graph_runs(executor):
    f = traced(twelve_over, executor, np.float64)
    with pytest.raises(ZeroDivisionError, match="by zero"):
        f(np.ones(1))
    assert f(np.ones(4)) == 4
    g = traced(offset_int8, executor, np.int8)
    np.testing.assert_array_equal(g(np.zeros(2, np.int8)), offset_int8(np.zeros(2, np.int8)))
    with pytest.raises(OverflowError, match="Python integer 128 out of bounds for int8"):
        offset_int8(np.zeros(3, np.int8))
    with pytest.raises(OverflowError, match="Python integer 128 out of bounds for int8"):  # (NumPy's, number and all)
        g(np.zeros(3, np.int8))


# --- refused where Python needs the number while tracing ---------------------------------------------------

def length(x):
    return len(x)  # len


def loop_over_len(x):
    s = 0.0
    for i in range(len(x)):  # range-len
        s = s + x[i]
    return s


def zeros_of_len(x):
    return np.zeros(x.shape[0])  # zeros


def same_shapes(x, y):
    return x.shape == y.shape  # same-shapes


def reshaped_by_dim(x):
    return x.reshape(x.shape[0], 1)  # reshape-dim


def unconverted_range(x):
    return sum(x[i] for i in range(x.shape[0]))  # unconverted-range


REFUSED = [
    (same_shapes, "same-shapes", UnknownDimension, "a Python bool known only when the graph runs",
     "compare shapes dim by dim (x.shape[0] == y.shape[0])"),
]


@pytest.mark.parametrize("executor", EXECUTORS)
@pytest.mark.parametrize("fn", [zeros_of_len, reshaped_by_dim])
def test_a_run_time_dim_as_a_size_gives_eagers_array(fn, executor):
    # (A size computed in the graph is a run-time dim: runtime/graph/tensor_sizes.py; XLA reads `dim` statically.)
    f = autograph.function(fn, executor=executor, input_signature=[TensorSpec([None])])
    for x in (np.ones(3), np.ones(0), np.arange(5.0)):
        got, want = f(x), fn(x)
        assert got.shape == want.shape and got.dtype == want.dtype and np.array_equal(got, want)


@pytest.mark.parametrize("executor", EXECUTORS)
@pytest.mark.parametrize("fn, marker, error, head, advice", REFUSED, ids=[r[1] for r in REFUSED])
def test_where_python_needs_the_number_the_trace_is_refused_at_the_line(fn, marker, error, head, advice, executor):
    nargs = fn.__code__.co_argcount
    f = autograph.function(fn, executor=executor, input_signature=[TensorSpec([None])] * nargs)
    with pytest.raises(error) as info:
        f(*[np.ones(3)] * nargs)
    assert isinstance(info.value, TypeError) and isinstance(info.value, Limitation)
    message = str(info.value)
    assert message.startswith(f"{HERE}:{helpers.line_of(HERE, marker)}: {head}"), message
    assert advice in message


@pytest.mark.parametrize("executor", EXECUTORS)
def test_len_in_converted_code_is_the_run_time_length(executor):
    # Converted code routes len() through ag__.builtin: a dim known only at run time is a PyNumber, as x.shape[0].
    for fn in (length, loop_over_len):
        f = autograph.function(fn, executor=executor, input_signature=[TensorSpec([None])])
        for x in (np.arange(3.0), np.arange(5.0)):
            assert f(x) == fn(x) and np.asarray(f(x)).dtype == np.asarray(fn(x)).dtype


def test_len_in_code_autograph_does_not_convert_is_refused():
    f = autograph.function(length, autograph=False, input_signature=[TensorSpec([None])])
    with pytest.raises(UnknownDimension) as info:
        f(np.ones(3))
    assert str(info.value).startswith(f"{HERE}:{helpers.line_of(HERE, 'len')}: len() of a traced array whose length "
                                      "is not known while tracing")
    assert "Write x.shape[0] instead" in str(info.value)


def test_code_autograph_does_not_convert_is_refused_too():
    f = autograph.function(unconverted_range, autograph=False, input_signature=[TensorSpec([None])])
    with pytest.raises(UnknownDimension) as info:
        f(np.ones(3))
    assert str(info.value).startswith(f"{HERE}:{helpers.line_of(HERE, 'unconverted-range')}: a Python int known only "
                                      "when the graph runs")
    assert "using it as a Python int" in str(info.value)


def test_the_runtime_itself_still_reads_unknown_dims_as_none():
    from runtime.graph.tensor import PyNumber
    from runtime.graph.tracing import trace

    def fn(x):
        assert type(x.shape[0]) is PyNumber and type(x.size) is PyNumber  # the user's code
        assert x.value.shape == (None, 2)
        return x

    trace(fn, [TensorSpec((None, 2), np.float64)])


def cached_by_shape(x):
    cache = {x.shape: 1}  # hashed
    return x * cache[x.shape]


def test_a_shape_with_an_unknown_dim_is_no_dict_key():
    f = autograph.function(cached_by_shape, input_signature=[TensorSpec([None])])
    with pytest.raises(UnknownDimension) as info:
        f(np.ones(2))
    assert str(info.value).startswith(f"{HERE}:{helpers.line_of(HERE, 'hashed')}: a Python int known only when the "
                                      "graph runs")
    assert "hashing it" in str(info.value)


def compared_with_int32(x):
    return x < x.shape[0] + 200, x + (x.shape[0] - x.shape[0] + 100)


@pytest.mark.parametrize("executor", EXECUTORS)
@pytest.mark.parametrize("n", [0, 3, 30])
def test_an_int_beyond_the_arrays_dtype_compares_exactly_and_overflows_in_arithmetic(executor, n):
    x = np.arange(n, dtype=np.int8)
    f = traced(compared_with_int32, executor, np.int8)
    assert_same(outcome(f, x), outcome(compared_with_int32, x), executor)
