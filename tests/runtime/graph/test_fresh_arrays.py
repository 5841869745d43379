"""NumPy arrays made in a traced function and then written with traced values (issue 31), against eager NumPy.

``np.zeros``, ``np.empty``, ``np.identity``, ... called from converted code while a graph is traced make a
graph array (runtime/new_arrays.py, runtime/graph/fresh_arrays.py), so ``out=``, ``+=``, ``np.add.at`` and
item writes of traced values land in it, through every name and view bound to it, as NumPy's writes do. On
plain values the converted function makes the same NumPy arrays as the original.
"""

from __future__ import annotations

import re

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import autograph
from runtime.limits import Limitation, NotStageable
from runtime.references import COUNTS_REFERENCES
from tests import helpers

HERE = __file__
EXECUTORS = helpers.executors()
same = helpers.same_result


def out_of_divide(x):
    out = np.empty(x.shape[1:])
    np.divide(np.mean(x, axis=0), np.std(x, axis=0), out=out)
    np.multiply(out, 2.0, out=out)
    return out


def covariance(x):
    cov = np.zeros((4, 4))
    for i in range(x.shape[0]):
        d = x[i:i + 1] - np.mean(x, axis=0)
        cov += d.T @ d
    cov *= 1.0 / x.shape[0]
    return cov


def scatter_add(x):
    acc = np.zeros(5)
    np.add.at(acc, [0, 1, 1, 4], x[:4])
    return acc


def reflection(x):
    n = x[:3] / np.linalg.norm(x[:3])
    M = np.identity(4)
    M[:3, :3] -= 2.0 * np.outer(n, n)
    M[:3, 3] = 2.0 * np.dot(x[:3], n) * n
    return M


def one_hot(x):
    labels = np.argmax(x, axis=1)
    table = np.zeros((x.shape[0], x.shape[1]))
    table[np.arange(x.shape[0]), labels] = 1
    return table


def aliases_and_views(x):
    a = np.zeros(4)
    b = a  # another name: NumPy's write through `a` reaches it
    tail = a[1:]  # a view: its write reaches `a`
    a[0] = x[0]
    tail += x[1:4]
    return b, tail


def fill_into(out, x):
    np.multiply(x, 3.0, out=out)


def helper_writes_a_view(x):
    cumulative = np.empty(x.shape[0] + 1)
    cumulative[0] = 100.0
    fill_into(cumulative[1:], x)
    return cumulative


def filled_and_typed(x):
    ints = np.zeros(3, dtype=np.int32)
    ints[1] = x[0]  # NumPy's assignment casts (unsafe) to the array's dtype
    full = np.full((2, 2), x[1])  # a traced fill value: its dtype
    nan = np.full(3, np.nan)
    eye = np.eye(3, 4, k=1)
    eye[0] += x[2]
    tri = np.tri(3)
    tri *= x[0]
    like = np.ones_like(np.arange(3))
    like[2] = x[1]
    return ints, full, nan, eye, tri, like


def only_read(x):
    base = np.ones(3)
    return x[:3] * base, np.zeros(2).tolist(), int(np.ones(2, dtype=int).sum().item())


def written_under_a_condition(x):
    d = np.zeros(3)
    if x[0] > 0:  # a staged `if`: the write is made under the condition
        d[0] = x[1]
    else:
        d[1] = x[2]
    acc = np.zeros(2)
    for i in range(x.shape[0]):
        if x[i] > 0:
            acc[0] += x[i]
    return d, acc


def insertion_sort_positions(x):
    # CLRS's insertion sort (google-deepmind/clrs's sorting.py keeps the positions so): a local np.arange written
    # inside a staged `while` whose test reads the data
    a = x.copy()
    positions = np.arange(a.shape[0])
    for j in range(1, a.shape[0]):
        key, moved = a[j], positions[j]
        i = j - 1
        while i >= 0 and a[i] > key:
            a[i + 1] = a[i]
            positions[i + 1] = positions[i]
            i -= 1
        a[i + 1] = key
        positions[i + 1] = moved
    return a, positions


_TABLE = np.array([10.0, 20.0, 30.0, 40.0, 50.0])


def arange_as_python_values(x):
    # An np.arange nothing is written into answers where Python or NumPy asks for its values: an index of a NumPy
    # array (derived from it too), range(), np.add.reduceat's indices, a shape
    idx = np.arange(4)
    picked = _TABLE[idx[1:3]] + np.array([1.0, 2.0, 3.0])[idx % 3][:2]
    total = x[0]
    for k in range(idx[2]):
        total = total + k
    blocks = np.add.reduceat(x, np.arange(0, 4, 2))
    # colour's tsplit: np.transpose(a, np.concatenate([[a.ndim - 1], np.arange(0, a.ndim - 1)]))
    grid = np.reshape(x, (2, 2, 1)) * np.ones((2, 2, 3))
    moved = np.transpose(grid, np.concatenate([[grid.ndim - 1], np.arange(0, grid.ndim - 1)]))
    return picked * x[1], total, blocks, np.zeros(idx[3]) + x[2], idx.tolist(), moved


PROGRAMS = [out_of_divide, covariance, scatter_add, reflection, one_hot, aliases_and_views, helper_writes_a_view,
            filled_and_typed, only_read, written_under_a_condition, insertion_sort_positions, arange_as_python_values]
_VECTOR_INPUT = (scatter_add, reflection, aliases_and_views, helper_writes_a_view, filled_and_typed, only_read,
                 written_under_a_condition, insertion_sort_positions, arange_as_python_values)


@pytest.mark.parametrize("executor", EXECUTORS)
@pytest.mark.parametrize("fn", PROGRAMS, ids=[f.__name__ for f in PROGRAMS])
def test_writes_of_traced_values_into_arrays_made_in_the_function_give_numpys_result(fn, executor):
    x = np.array([[0.3, -1.2, 2.5, 0.7], [1.5, 0.2, -0.4, 2.0], [0.1, 0.9, 1.1, -2.0]])
    if fn in _VECTOR_INPUT:
        x = x[0] if fn is not written_under_a_condition else -x[0]
    same(autograph.function(fn, executor=executor)(x), fn(x), executor)


@pytest.mark.parametrize("fn", PROGRAMS, ids=[f.__name__ for f in PROGRAMS])
def test_on_plain_values_the_converted_function_makes_numpy_arrays(fn):
    x = np.array([[0.3, -1.2, 2.5, 0.7], [1.5, 0.2, -0.4, 2.0], [0.1, 0.9, 1.1, -2.0]])
    if fn in _VECTOR_INPUT:
        x = x[0] if fn is not written_under_a_condition else -x[0]
    got, want = autograph.convert(fn)(x), fn(x)
    same(got, want)
    for g, w in zip(got if isinstance(got, tuple) else (got,), want if isinstance(want, tuple) else (want,)):
        assert type(g) is type(w)


def test_the_converter_hands_constructors_to_the_runtime():
    code = autograph.to_code(covariance)
    assert "cov = ag__.call(np.zeros)((4, 4))" in code


def test_a_fresh_array_of_one_value_is_one_full_node_not_a_big_constant():
    def f(x):
        big = np.zeros((300, 300))
        big[0, 0] = x[0]
        return big

    graph = autograph.function(f).get_concrete_function(np.ones(2)).graph
    constants = [n for n in graph.nodes if n.op == "constant"]
    assert all(np.asarray(n.attrs["value"]).size <= 1 for n in constants)


def test_an_unsafe_in_place_cast_is_numpys_error_at_the_users_line():
    def f(x):
        counts = np.zeros(3, dtype=np.int64)
        counts += x  # int += float: NumPy's same_kind error
        return counts

    with pytest.raises(TypeError, match="Cannot cast ufunc 'add' output from dtype\\('float64'\\) to "
                                        "dtype\\('int64'\\) with casting rule 'same_kind'"):
        f(np.ones(3))
    with pytest.raises(TypeError, match="Cannot cast ufunc 'add' output from dtype\\('float64'\\) to "
                                        "dtype\\('int64'\\) with casting rule 'same_kind'"):
        autograph.function(f)(np.ones(3))


def shape_from_data(x):
    return np.eye(np.argmax(x))  # shape-from-data


def test_a_shape_from_a_traced_value_is_refused_at_the_line():
    # (np.zeros / ones / empty / full / arange take one: a run-time dim, tests/runtime/graph/test_tensor_sizes.py)
    with pytest.raises(NotStageable) as info:
        autograph.function(shape_from_data)(np.ones(3))
    assert isinstance(info.value, Limitation)
    message = str(info.value)
    assert message.startswith(f"{HERE}:{helpers.line_of(HERE, 'shape-from-data')}: np.eye with a shape (or size) "
                              "from a traced value"), message
    assert "np.zeros, np.ones, np.empty, np.full and np.arange" in message and "np.zeros_like(x)" in message


_WRITES = st.lists(st.tuples(st.sampled_from(["+=", "*=", "out", "slice", "at"]), st.integers(0, 3)),
                   min_size=1, max_size=5)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(constructor=st.sampled_from(["zeros", "ones", "full", "identity", "empty"]), writes=_WRITES,
       executor=st.sampled_from(["numpy", "jax"] if helpers.jax_usable() else ["numpy"]))
def test_random_writes_into_a_fresh_array_match_numpy(constructor, writes, executor):
    def program(x):
        if constructor == "identity":
            a = np.identity(4)
        elif constructor == "full":
            a = np.full(4, 2.5)
        elif constructor == "empty":
            a = np.empty(4)
            a[...] = 0.5
        else:
            a = getattr(np, constructor)(4)
        alias = a
        for kind, k in writes:
            if kind == "+=":
                a += x[k]
            elif kind == "*=":
                a *= x[k]
            elif kind == "out":
                np.subtract(a, x[k], out=a)
            elif kind == "slice":
                a[k:] = x[k]
            else:
                np.add.at(a, [k, k], x[k])
        return alias

    x = np.array([0.5, -1.5, 2.0, 3.25])
    same(autograph.function(program, executor=executor)(x), program(x), executor)


def signed_zeros_and_nans(x):
    a = np.full(3, [0.0, -0.0, 0.0])  # equal values, not the same bits: not one fill value
    a[2] += x[0]
    b = np.full(4, np.nan)
    b[0] = x[1]
    d = np.full((2,), -0.0)
    d[1] = x[1]
    return 1 / a[:2], b, 1 / d[:1]


@pytest.mark.parametrize("executor", EXECUTORS)
def test_fill_values_keep_their_bits(executor):
    x = np.array([1.0, 2.0])
    with np.errstate(divide="ignore"):
        same(autograph.function(signed_zeros_and_nans, executor=executor)(x), signed_zeros_and_nans(x), executor)


def handed_to_a_library(x):
    import scipy.linalg

    return scipy.linalg.cho_factor(np.identity(3))[0] @ x  # to-a-library


def test_a_fresh_array_handed_to_a_library_says_where_to_make_it():
    pytest.importorskip("scipy")
    with pytest.raises(NotStageable) as info:
        autograph.function(handed_to_a_library)(np.ones(3))
    message = str(info.value)
    # (the user's call of SciPy first, then SciPy's own line: runtime/staging.py's user_location)
    assert message.startswith(f"{HERE}:{helpers.line_of(HERE, 'to-a-library')} (inside scipy.")
    assert "): converting a tensor to a NumPy array" in message
    assert "make it outside the traced function, as a global or an argument" in message


def plain_zeros(n):
    return np.zeros(n)  # made where no traced value is held: NumPy's own array


def kinds_of_arrays(x):
    helper_made = plain_zeros(3)
    own = np.zeros(3)
    # (object's own __class__ descriptor: type() in converted code, and __class__ anywhere outside the runtime, answer
    # what a graph tensor stands for, an ndarray)
    real_class = object.__dict__["__class__"].__get__
    return real_class(helper_made).__name__, real_class(own).__name__


def test_only_a_function_holding_a_traced_value_makes_graph_arrays():
    """A plain helper called during a trace computes as unconverted code does (the converted form on plain
    values returns what the original returns); the traced function's own constructor makes a graph array."""
    seen = []

    def probe(x):
        seen.append(kinds_of_arrays(x))
        return x

    autograph.function(probe)(np.ones(3))
    assert seen == [("ndarray", "Tensor")]


def write_into_a_helpers_array(x):
    a = plain_zeros(4)
    alias = a
    a[0:] = x[0]  # write-into-ndarray
    return alias


@pytest.mark.parametrize("executor", EXECUTORS)
def test_a_tensor_written_into_a_numpy_array_is_refused_not_rebound(executor):
    """Rebinding `a` to a tensor would leave `alias` with the old zeros (a silent difference, once)."""
    with pytest.raises(NotStageable) as info:
        autograph.function(write_into_a_helpers_array, executor=executor)(np.arange(4.0))
    message = str(info.value)
    assert message.startswith(f"{HERE}:{helpers.line_of(HERE, 'write-into-ndarray')}: this item assignment writes a "
                              "graph tensor into a NumPy array (a float64[4] ndarray")
    assert "np.zeros" in message
    # (the array came from a helper: the message says why that one is NumPy's, and what to do)
    assert "An array made where no traced value is in reach stays a NumPy array, as in a helper" in message


class Buffers:
    def __init__(self, n):
        self.levels = np.empty(n)  # (an __init__ runs as written: a NumPy array)


def write_into_an_attributes_array(x):
    buffers = Buffers(3)
    buffers.levels[0] = x[0]  # write-into-attribute
    return buffers.levels


def grid_with_traced_bounds(height):  # (SolidsPy's rect_grid)
    y, x = np.mgrid[-height / 2:height / 2:5j, 0:1:3j]  # traced-mgrid-bounds
    return x + y


def condition_in_a_comprehension(x):
    return [v for v in x if v > 0]  # condition-in-comprehension


@pytest.mark.parametrize("executor", EXECUTORS)
def test_a_value_asked_for_in_converted_code_names_the_constructs_that_ask(executor):
    # (statsmodels' Holt-Winters smoothers write into arrays their HoltWintersArgs.__init__ made)
    with pytest.raises(NotStageable) as info:
        autograph.function(condition_in_a_comprehension, executor=executor)(np.arange(3.0))
    message = str(info.value)
    assert message.startswith(f"{HERE}:{helpers.line_of(HERE, 'condition-in-comprehension')}: "), message
    assert "This line is in converted code, so it is not an `if`, `while` or `for` statement" in message
    assert "a condition inside a comprehension or generator" in message
    assert "an item written into a NumPy array made where the code is not converted: `obj.buf[i] = t`" in message
    assert "make the array in the converted function" in message
    # The write itself (NumPy asks float(tensor) for one element) says what it is, and what to do with an object's.
    with pytest.raises(NotStageable) as info:
        autograph.function(write_into_an_attributes_array, executor=executor)(np.arange(3.0))
    message = str(info.value)
    assert message.startswith(f"{HERE}:{helpers.line_of(HERE, 'write-into-attribute')}: a NumPy array written with a "
                              "graph tensor (f64[]) as the index or the value (`a[i] = v`)"), message
    assert "an array held by an object, `self.buf[i] = v`, is written as NumPy's" in message


@pytest.mark.parametrize("executor", EXECUTORS)
def test_a_write_a_library_runs_is_named_as_the_librarys_not_as_the_users(executor):
    # np.mgrid's Python __getitem__ writes its traced bounds into the array it makes: the message names that write
    # (NumPy's function, file and line), not an `a[i] = v` the user never wrote, and says what to use instead.
    with pytest.raises(NotStageable) as info:
        autograph.function(grid_with_traced_bounds, executor=executor)(np.float64(2.0))
    message = str(info.value)
    line = helpers.line_of(HERE, "traced-mgrid-bounds")
    # (Python 3.10's code objects have no qualified name: the function's own name there)
    assert re.match(rf"{re.escape(HERE)}:{line}: `(nd_grid\.)?__getitem__` \(", message), message
    assert "_index_tricks_impl.py:" in message and "called here, writes a graph tensor (f64[5,3]) into a NumPy " \
        "array" in message
    assert "`a[i] = v`" not in message
    assert "np.meshgrid of np.linspace or np.arange, indexing='ij'" in message
    # With bounds known while tracing, np.mgrid is NumPy's: the same values as eager.
    np.testing.assert_array_equal(autograph.function(lambda x: np.mgrid[-1:1:5j, 0:1:3j][0] + x,
                                                     executor=executor)(np.float64(1.0)),
                                  np.mgrid[-1:1:5j, 0:1:3j][0] + 1.0)


def _buffer(shape):
    return np.zeros(shape)


def _accumulated_in_a_helpers_buffer(y):
    out = _buffer((4,))  # (librosa's to_mono: _init_output makes the buffer)
    out += y
    return out


def test_a_buffer_a_helper_made_from_a_shape_alone_is_numpys_and_the_refusal_says_so():
    """A helper that holds no traced value computes with plain values, in a trace as outside one: its np.zeros is
    NumPy's array, and the message says where to make the buffer instead."""
    with pytest.raises(autograph.NotStageable, match=r"np.add\(out=...\): the array written in place is a ndarray.*"
                                                     r"a helper given only a shape makes NumPy's own array"):
        autograph.function(_accumulated_in_a_helpers_buffer)(np.arange(4.0))


def _draws_into_zeros(n, seed):
    rng = np.random.default_rng(seed)
    samples = np.zeros(n)  # (SALib's samplers: every argument a Python value, a generator in hand)
    for i in range(n):
        samples[i] = rng.random()
    return samples


def _draws_collected(n, seed):
    rng = np.random.default_rng(seed)
    return np.stack([rng.random() for _ in range(n)])  # (what the message says to write)


def _forges(seed, a):
    # networkx's spectral_graph_forge: a function holding a generator (its seed, made one by a decorator) that
    # computes with NumPy arrays it did not make as graph values, and writes into one of them.
    rng = np.random.default_rng(seed)
    k = np.ones((1, a.shape[1])) @ a
    b = a
    b -= k.T @ k / k.sum()
    return b + rng.random()


def test_a_function_holding_only_python_values_and_a_generator_makes_numpy_arrays():
    """Its np.zeros is NumPy's (a function computing with NumPy arrays next to a generator, as networkx's
    spectral_graph_forge, must keep them: making graph arrays there broke its `b -= ...` into a NumPy array). A
    draw written into one that only its name refers to takes a graph array in its place (test_adopted_arrays.py):
    the same numbers as eager, as collecting the draws and stacking them gives."""
    if COUNTS_REFERENCES:
        np.testing.assert_array_equal(autograph.function(_draws_into_zeros)(4, 3), _draws_into_zeros(4, 3))
    else:  # (Python 3.10: no exact reference counts, so no array is adopted: refused, runtime/references.py)
        with pytest.raises(NotStageable, match="this item assignment writes a graph tensor into a NumPy array"):
            autograph.function(_draws_into_zeros)(4, 3)
    np.testing.assert_array_equal(autograph.function(_draws_collected)(4, 3), _draws_collected(4, 3))
    a = np.arange(9.0).reshape(3, 3)
    np.testing.assert_array_equal(autograph.function(_forges)(5, a.copy()), _forges(5, a.copy()))
