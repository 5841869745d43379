"""A traced value written into a NumPy array that only the written name refers to: a graph array takes the
array's place (``Backend.adopt``, runtime/items.py). Differential against eager NumPy, on our graph's two
executors, and on every other path a user can take.

``q = np.array([1., 0., 0., 0.]); q[0] = t`` (ahrs' dcm2quat), ``s = np.tile(1.0, n); s[m] = t`` (pyswarms),
``c = table.copy(); c[k] = E * c[k]`` (PyAstronomy's moonpos): NumPy writes into the array; a graph cannot put
a tensor into it, but when nothing else can reach the array (by CPython's reference count) a graph array
holding its values, with the write, is indistinguishable from it. Wherever something else refers to the array
(another name, a view, a container, the caller, a default, an attribute, a weak reference) the write is
refused by name, as before: adopting it there would leave that other holder with the old values.
"""

from __future__ import annotations

import array
import threading
import weakref

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import autograph
from autograph.testing import assert_matches_eager, converted_form
from runtime.limits import Limitation, NotStageable
from runtime.references import COUNTS_REFERENCES

GRAPH = ("graph", "xla")  # JAX's own jit of the converted code keeps JAX's refusal (the last test)
REFUSED = "this item assignment writes a graph tensor into a NumPy array"


# --- only the written name refers to the array: staged --------------------------------------------------

def display_then_writes(R):  # ahrs' dcm2quat
    q = np.array([1.0, 0.0, 0.0, 0.0])
    q[0] = 0.5 * np.sqrt(1.0 + R.trace())
    q[1] = (R[1, 2] - R[2, 1]) / q[0]
    q[2] = (R[2, 0] - R[0, 2]) / q[0]
    q[3] = (R[0, 1] - R[1, 0]) / q[0]
    q[1:] /= 4.0
    return q / np.linalg.norm(q)


def copy_then_masked_write(x):
    table = np.array([1.0, -2.0, 3.0, -4.0])
    c = table.copy()
    c[table < 0] = x[0] * c[table < 0]
    return c, table


def tile_then_masked_write(x):  # pyswarms' boundary_shrink: np.tile's result is a view of an array only it holds
    sigma = np.tile(1.0, x.shape)
    sigma[x < 0] = x[x < 0] ** 2
    return sigma


def first_write_an_update(x):
    a = np.array([0.0, 1.0, 2.0])
    a[1:] += x[0]
    a[0] -= x[1]
    return a


def writes_in_unrolled_loops(x):
    a = np.array([[0.0, 1.0, 2.0], [3.0, 4.0, 5.0]])
    for i in range(2):
        for j in range(3):
            a[i, j] = a[i, j] * x[j]
    return a


def traced_index_plain_value(x):
    a = np.array([0.0, 0.0, 0.0])
    k = np.argmax(x)
    a[k] = 1.0
    return a


def integer_array_takes_a_float(x):
    counts = np.array([1, 2, 3])
    counts[0] = x[0]  # NumPy casts as it stores: truncation toward zero
    return counts


def helpers_array(n):
    return np.zeros(n)  # (no traced value in reach: a NumPy array)


def written_after_a_helper_made_it(x):  # colour's delta_E_CIE1994: `zeros(radical.shape)` from its own helper
    out = helpers_array(x.shape[0])
    out[x > 0] = np.sqrt(x[x > 0])
    return out


def a_constructor_call_between(x):  # (the runtime reads the frame's variables at np.arange: helper-found)
    a = np.linspace(0.0, 1.0, 4)
    steps = np.arange(3.0)
    a[1] = x[0]
    return a, steps


STAGED = [a_constructor_call_between, display_then_writes, copy_then_masked_write, tile_then_masked_write,
          first_write_an_update, writes_in_unrolled_loops, traced_index_plain_value, integer_array_takes_a_float,
          written_after_a_helper_made_it]
INPUTS = {
    display_then_writes: [np.array([[0.9, 0.1, 0.0], [-0.1, 0.9, 0.2], [0.0, -0.2, 0.95]]), np.eye(3)],
    integer_array_takes_a_float: [np.array([2.7, 0.0, 1.0]), np.array([-2.7, 0.5, 1.0])],
}


@pytest.mark.skipif(not COUNTS_REFERENCES, reason="another Python: refused, never guessed (the next test)")
@pytest.mark.parametrize("fn", STAGED)
def test_a_write_into_an_array_only_its_name_refers_to_is_staged_as_numpy_writes(fn):
    for x in INPUTS.get(fn, [np.array([1.5, -2.0, 0.5]), np.array([-0.5, 3.0, 2.0])]):
        assert_matches_eager(fn, x, backends=GRAPH)


@pytest.mark.skipif(COUNTS_REFERENCES, reason="CPython 3.11-3.13 count references: the test above")
def test_where_references_are_not_counted_every_such_write_is_refused():
    with pytest.raises(NotStageable, match=REFUSED):
        autograph.function(display_then_writes)(np.eye(3))


def write_one(x, k, how, dtype):
    a = np.array([3, 1, 2], dtype=dtype)
    if how == "=":
        a[k] = x[k]
    elif how == "+=":
        a[k] += x[k]
    else:
        a[k:] *= x[k]
    return a


@pytest.mark.skipif(not COUNTS_REFERENCES, reason="another Python")
@pytest.mark.filterwarnings("ignore::autograph.RetracingWarning")
@settings(max_examples=40, deadline=None)
@given(st.lists(st.floats(-10, 10), min_size=3, max_size=3), st.integers(0, 2), st.sampled_from(["=", "+=", "*="]),
       st.sampled_from(["float64", "int64", "float32", "bool"]))
def test_any_write_into_a_fresh_display_matches_numpy(values, k, how, dtype):
    """Each dtype NumPy casts into as it stores (a float into an int: truncated; into a bool: its truth), and
    its casting error for an in-place ufunc (``a[k:] *= 1.5`` on ints: ``UFuncTypeError``)."""
    assert_matches_eager(write_one, np.array(values), k, how, dtype, backends=("graph",))


def update_int(x):
    a = np.array([1, 2, 3])
    a[:1] += x[:1]
    return a


def test_an_integer_array_updated_in_place_with_floats_raises_numpys_error():
    with pytest.raises(TypeError, match="Cannot cast ufunc 'add' output"):
        update_int(np.array([1.5]))
    assert_matches_eager(update_int, np.array([1.5]), backends=GRAPH)


# --- inside a staged `if` or loop: the variable alone refers to the array before the statement ------------------

def branch_writes_constants(s, t):  # (a Levenshtein DP's shape: a write of a plain value under a traced test)
    d = np.array([0.0, 0.0, 0.0])
    if s[0] == t[0]:
        d[0] = 10.0
    else:
        d[0] = 20.0
    return d


def branch_writes_a_tensor_or_rebinds(x):
    a = np.array([0.0, 1.0, 2.0])
    if x[0] > 1:
        a[0] = x[0]
    else:
        a = a * 2
    return a


def loop_and_branch_write(x):
    a = np.array([0.0, 1.0, 2.0])
    for i in range(3):
        if x[i] > i:
            a[i] = x[i]
    return a


def while_loop_writes(x):
    a = np.array([0.0, 1.0, 2.0])
    i = 0
    while np.sum(a) < x[0]:
        a[i % 3] = a[i % 3] + x[1]
        i += 1
    return a, i


def staged_loop_over_a_tensor(x):
    counts = np.array([0, 0])
    for v in x:
        if v > 0:
            counts[0] += 1
        else:
            counts[1] += 1
    return counts


def two_arrays_one_aliased(x):
    a = np.array([0.0, 1.0])
    b = np.array([5.0, 6.0])
    c = b
    if x[0] > 0:
        a[0] = x[0]
    return a, c


STAGED_BLOCKS = [branch_writes_constants, branch_writes_a_tensor_or_rebinds, loop_and_branch_write,
                 while_loop_writes, staged_loop_over_a_tensor, two_arrays_one_aliased]
BLOCK_INPUTS = {branch_writes_constants: [(np.array([1.0]), np.array([1.0])), (np.array([1.0]), np.array([2.0]))]}


@pytest.mark.skipif(not COUNTS_REFERENCES, reason="another Python: refused, never guessed")
@pytest.mark.parametrize("fn", STAGED_BLOCKS)
def test_a_write_under_a_staged_statement_into_an_array_only_its_variable_refers_to_is_a_graph_write(fn):
    for args in BLOCK_INPUTS.get(fn, [(np.array([2.5, 0.5, 3.0]),), (np.array([-1.0, 4.0, -2.0]),),
                                      (np.array([7.0, 1.5, 0.0]),)]):
        assert_matches_eager(fn, *args, backends=GRAPH)


def alias_before_the_branch(x):
    a = np.array([0.0, 1.0])
    b = a
    if x[0] > 0:
        a[0] = x[0]
    return b


def container_before_the_loop(x):
    a = np.array([0.0, 1.0])
    keep = {"a": a}
    i = 0
    while i < x[0]:
        a[1] = 3.0
        i += 1
    return keep["a"]


def writes_the_callers_under_a_branch(a, x):
    if x[0] > 0:
        a[0] = x[0]
    return a


def callers_array_under_a_branch(x):
    a = np.array([0.0, 1.0])
    writes_the_callers_under_a_branch(a, x)
    return a


@pytest.mark.parametrize("fn", [alias_before_the_branch, container_before_the_loop, callers_array_under_a_branch])
def test_under_a_staged_statement_an_array_something_else_refers_to_is_refused(fn):
    with pytest.raises(Limitation, match="NumPy array") as info:
        autograph.function(fn)(np.array([2.0]))
    assert "something else refers to it" in str(info.value)
    assert str(info.value).startswith(__file__ + ":")


# --- something else refers to the array: refused by name ---------------------------------------------------

def alias(x):
    a = np.array([0.0, 1.0, 2.0])
    b = a
    a[0] = x[0]
    return b


def in_a_container(x):
    a = np.array([0.0, 1.0, 2.0])
    keep = [a]
    a[0] = x[0]
    return keep[0]


def a_view_of_it_lives(x):
    a = np.array([0.0, 1.0, 2.0])
    tail = a[1:]
    a[1] = x[0]
    return tail


def it_is_a_view(x):
    whole = np.array([0.0, 1.0, 2.0])
    a = whole[1:]
    a[0] = x[0]
    return whole


def rows_of_it(x):
    a = np.array([[0.0, 1.0], [2.0, 3.0]])
    for row in a:
        row[0] = x[0]
    return a


def writes_the_callers(a, x):
    a[0] = x[0]
    return a


def callers_array(x):
    a = np.array([0.0, 1.0, 2.0])
    writes_the_callers(a, x)
    return a


CONSTANT = np.array([0.0, 1.0, 2.0])


def module_constant(x):
    a = CONSTANT
    a[0] = x[0]
    return a


class Holder:
    def __init__(self):
        self.a = None


def attribute_holds_it(x):
    h = Holder()
    a = np.array([0.0, 1.0, 2.0])
    h.a = a
    a[0] = x[0]
    return h.a


WEAK = []


def weakly_referred(x):
    a = np.array([0.0, 1.0, 2.0])
    WEAK.append(weakref.ref(a))
    a[0] = x[0]
    return a


def read_only(x):
    a = np.array([0.0, 1.0, 2.0])
    a.flags.writeable = False
    a[0] = x[0]
    return a


def its_frames_variables_kept(x):
    a = np.array([0.0, 1.0, 2.0])
    kept = locals()
    a[0] = x[0]
    return kept["a"]


REFUSED_CASES = [its_frames_variables_kept, alias, in_a_container, a_view_of_it_lives, it_is_a_view, rows_of_it,
                 callers_array, module_constant, attribute_holds_it, weakly_referred]


@pytest.mark.parametrize("fn", REFUSED_CASES)
@pytest.mark.parametrize("executor", ["numpy", "jax"])
def test_a_write_into_an_array_something_else_refers_to_is_refused_by_name(fn, executor):
    if executor == "jax":
        pytest.importorskip("jax")
    before = CONSTANT.copy()
    with pytest.raises(NotStageable, match=REFUSED) as info:
        autograph.function(fn, executor=executor)(np.array([9.0]))
    assert str(info.value).startswith(__file__ + ":")
    assert "something else refers to it" in str(info.value)
    assert CONSTANT.tolist() == before.tolist()  # (the trace wrote nothing into the module's array)


def test_a_read_only_array_keeps_numpys_refusal():
    with pytest.raises(ValueError, match="read-only"):
        read_only(np.array([9.0]))
    with pytest.raises((ValueError, NotStageable)):
        autograph.function(read_only)(np.array([9.0]))


# --- every other path: plain values write in place, as written -----------------------------------------------

@pytest.mark.parametrize("fn", STAGED + STAGED_BLOCKS[1:] + [alias, in_a_container, a_view_of_it_lives,
                                                              callers_array])
def test_on_plain_values_the_converted_form_writes_into_the_array_itself(fn):
    x = INPUTS.get(fn, [np.array([2.5, -2.0, 0.5])])[0]
    expected = fn(x.copy())
    with converted_form():
        got = autograph.convert(fn)(x.copy())
    for e, g in zip(expected if isinstance(expected, tuple) else (expected,),
                    got if isinstance(got, tuple) else (got,)):
        assert type(g) is type(e) and np.asarray(g).dtype == np.asarray(e).dtype
        assert np.asarray(g).tolist() == np.asarray(e).tolist()


def test_under_jax_jit_the_converted_function_keeps_jaxs_refusal():
    jax = pytest.importorskip("jax")
    x = np.array([1.5, -2.0, 0.5])
    with pytest.raises(Exception) as original:
        jax.jit(first_write_an_update)(x)
    with pytest.raises(type(original.value)):
        jax.jit(autograph.to_graph(first_write_an_update))(x)


@pytest.mark.skipif(not COUNTS_REFERENCES, reason="another Python")
def test_traces_in_many_threads_each_adopt_their_own_array():
    traced = autograph.function(display_then_writes)
    inputs = [np.eye(3) * (1.0 + k / 10.0) for k in range(8)]
    results, errors = {}, []

    def run(k):
        try:
            results[k] = autograph.function(display_then_writes)(inputs[k])
        except Exception as error:  # noqa: BLE001 (reported below)
            errors.append(error)

    threads = [threading.Thread(target=run, args=(k,)) for k in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    for k in range(8):
        np.testing.assert_array_equal(results[k], display_then_writes(inputs[k]))
        np.testing.assert_array_equal(traced(inputs[k]), display_then_writes(inputs[k]))


class Buffers:
    def __init__(self):
        self.levels = np.linspace(0.0, 1.0, 4)  # (an __init__ runs as written: a NumPy array)


def writes_an_attributes_array(x):
    buffers = Buffers()
    buffers.levels[0:2] = x[:2]  # attribute-write
    return buffers.levels


def test_a_tensor_written_into_an_attributes_array_is_refused_saying_it_is_the_index_or_the_value():
    # (The write stays as written: no name to rebind. It said "indexed by a graph tensor" for a value: nolds.)
    import inspect

    lines, first = inspect.getsourcelines(writes_an_attributes_array)
    line = first + next(i for i, text in enumerate(lines) if "attribute-write" in text)
    with pytest.raises(NotStageable) as info:
        autograph.function(writes_an_attributes_array)(np.ones(3))
    assert str(info.value).startswith(f"{__file__}:{line}: a NumPy array written with a graph tensor (f64[2]) as the "
                                      "index or the value (`a[i] = v`)")


class Pushes:
    def __init__(self):
        self.x = np.zeros(3)

    def push(self, v):
        self.x[0] = v  # element-write


def writes_one_element_of_an_attributes_array(x):
    pushes = Pushes()
    pushes.push(x[0])
    return pushes.x


@pytest.mark.parametrize("executor", ["numpy", "jax"])
def test_one_element_written_into_an_attributes_array_says_so_too(executor):
    # (NumPy asks float(tensor) for one element: it said "float(tensor) needs the value of a graph tensor" and that
    # the line was not an `if`, nor that the method ran as written: pyroomacoustics' adaptive filters. It is converted.)
    import inspect

    lines, first = inspect.getsourcelines(Pushes.push)
    line = first + next(i for i, text in enumerate(lines) if "element-write" in text)
    with pytest.raises(NotStageable) as info:
        autograph.function(writes_one_element_of_an_attributes_array, executor=executor)(np.ones(3))
    message = str(info.value)
    assert message.startswith(f"{__file__}:{line}: a NumPy array written with a graph tensor (f64[]) as the index "
                              "or the value (`a[i] = v`)")
    assert "runs as written" not in message and "`self.buf[i] = v`, is written as NumPy's" in message


def rows_in_a_python_array(x):
    row = array.array("d", [np.inf] * 3)  # (dtaidistance's dtw.distance keeps its two rows so)
    for i in range(3):
        row[i] = x[i] * 2  # array-write
    return np.asarray(row)


def rows_in_a_python_array_written_by_a_helper(x):
    row = array.array("d", [0.0] * 3)
    _write_row(row, x)
    return np.asarray(row)


def _write_row(row, x):
    for i in range(3):
        row[i] = x[i]  # helper-write


@pytest.mark.parametrize("executor", ["numpy", "jax"])
@pytest.mark.parametrize("fn, mark", [(rows_in_a_python_array, "array-write"),
                                      (rows_in_a_python_array_written_by_a_helper, "helper-write")])
def test_a_tensor_written_into_a_python_array_is_refused_naming_its_type(fn, mark, executor):
    # (It said "a NumPy array written with a graph tensor", and "NumPy asks the tensor": dtaidistance, 16 cases.)
    import inspect

    source = fn if mark == "array-write" else _write_row
    lines, first = inspect.getsourcelines(source)
    line = first + next(i for i, text in enumerate(lines) if mark in text)
    with pytest.raises(NotStageable) as info:
        autograph.function(fn, executor=executor)(np.arange(3.0))
    assert str(info.value).startswith(f"{__file__}:{line}: this item assignment writes a graph tensor into a "
                                      "`array.array`, not a NumPy array: the `array.array` asks the tensor")
    assert "np.array(values)" in str(info.value)
    np.testing.assert_array_equal(autograph.convert(fn)(np.arange(3.0)), fn(np.arange(3.0)))  # (outside a trace)
