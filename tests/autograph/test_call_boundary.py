"""What a Function call keys apart or refuses (autograph/call_boundary.py), against plain eager NumPy.

Three silent differences of issue 29, each a differential family run on every executor (the NumPy interpreter,
XLA through ``executor="jax"``, ``executor="auto"``, and ``backend="jax"`` where the case applies):

- aliased arguments: a graph that writes into an argument refuses arguments sharing memory with it, and
  matches eager otherwise;
- ndarray subclasses (masked arrays, ``np.matrix``...) are refused, ``np.memmap`` and NumPy scalars match;
- Python scalars: floats are keyed by their bits (``-0.0`` has its own trace, ``nan`` one trace), and
  ``True``, ``1``, ``1.0`` and ``1+0j`` each their own.

Each refusal is a ``runtime.limits.Limitation`` that names the caller's file:line and says what to do.
"""

from __future__ import annotations

import contextlib
import math
import re
import struct
import warnings
from decimal import Decimal
from typing import Iterator

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import autograph
from autograph.call_boundary import AliasedArguments, SubclassedArray
from runtime.limits import Limitation, NotStageable
from tests import helpers

HERE = __file__
_JAX = pytest.mark.skipif(not helpers.jax_usable(), reason="needs JAX, which is not installed")
# Every way a Function runs a trace: our graph on the interpreter, on XLA, on whichever its trial picks.
EXECUTORS = [pytest.param("numpy", id="numpy"), pytest.param("jax", id="jax", marks=_JAX),
             pytest.param("auto", id="auto")]
# ... and backend="jax" (jax.jit of the converted function) where a case means something there.
MODES = [pytest.param({"executor": "numpy"}, id="numpy"), pytest.param({"executor": "jax"}, id="jax", marks=_JAX),
         pytest.param({"executor": "auto"}, id="auto"), pytest.param({"backend": "jax"}, id="backend-jax", marks=_JAX)]


def assert_same(got, want):
    """``got`` (a graph's result) is eager's ``want``: structure, dtype, values (floats to an ulp or so), NaNs and
    infinities where eager has them, and the sign of every zero and infinity (what -0.0 keyed as 0.0 got wrong)."""
    if isinstance(want, tuple):
        assert isinstance(got, tuple) and len(got) == len(want)
        for g, w in zip(got, want):
            assert_same(g, w)
        return
    if isinstance(want, str):
        assert got == want
        return
    got, want = np.asarray(got), np.asarray(want)
    assert got.dtype == want.dtype and got.shape == want.shape, (got, want)
    if want.dtype.kind in "fc":  # (XLA may divide by a constant as a product with its reciprocal: an ulp off)
        assert np.allclose(got, want, rtol=1e-12, atol=0.0, equal_nan=True), (got, want)
    else:
        assert np.array_equal(got, want), (got, want)
    for part in ((np.real, np.imag) if want.dtype.kind == "c" else (np.asarray,) if want.dtype.kind == "f" else ()):
        numbers = ~np.isnan(part(want))
        assert np.array_equal(np.signbit(part(got)[numbers]), np.signbit(part(want)[numbers])), (got, want)


@contextlib.contextmanager
def quiet() -> Iterator[None]:
    """Division by zero is part of these programs: eager and graph warn alike, which is not what is tested."""
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        yield


# --- 5. aliased arguments --------------------------------------------------------------------------

def write_then_read(a, b):
    a[0] = 100.0
    return b + 0.0


def write_all(a, b):
    a[...] = 2.0 * a + 1.0
    return b * 1.0


def write_both(a, b):
    a[0] = 7.0
    b[-1] = -7.0
    return a + 0.0


def read_only(a, b):
    return a * 2.0 + np.sum(b)


WRITERS = [write_then_read, write_all, write_both]
_FUNCTIONS: dict = {}


def function_for(fn, executor):
    """One Function per (function, executor) for all of a test's examples: the traces of each shape are made once."""
    key = (fn, executor)
    if key not in _FUNCTIONS:
        _FUNCTIONS[key] = autograph.function(fn, executor=executor)
    return _FUNCTIONS[key]


def views():
    """A non-empty view of a base of 8: ``base[start:stop:step]``, or the base itself (None)."""
    view = st.tuples(st.integers(0, 7), st.integers(1, 8), st.sampled_from([1, 2, 3, -1, -2])).filter(
        lambda v: len(range(8)[slice(*v)]) > 0)
    return st.one_of(st.none(), view)


def view_of(base, spec):
    return base if spec is None else base[slice(*spec)]


def eager_and_graph(fn, traced, a_spec, b_spec):
    """Run ``fn`` eagerly and ``traced`` on views of two fresh, equal bases: (result, base) of each, or the
    refusal the graph raised (then its base must be untouched)."""
    eager_base, graph_base = np.arange(8.0), np.arange(8.0)
    want = fn(view_of(eager_base, a_spec), view_of(eager_base, b_spec))
    try:
        got = traced(view_of(graph_base, a_spec), view_of(graph_base, b_spec))
    except AliasedArguments as error:
        np.testing.assert_array_equal(graph_base, np.arange(8.0))  # refused before anything ran or was written
        return (want, eager_base), error
    return (want, eager_base), (got, graph_base)


@pytest.mark.parametrize("executor", EXECUTORS)
@pytest.mark.parametrize("fn", WRITERS + [read_only], ids=lambda f: f.__name__)
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(a_spec=views(), b_spec=views())
def test_views_of_one_base_match_eager_or_are_refused(fn, executor, a_spec, b_spec):
    with quiet():  # (each new pair of shapes is a new trace: the retracing warning is not what is tested)
        (want, want_base), got = eager_and_graph(fn, function_for(fn, executor), a_spec, b_spec)
    base = np.arange(8.0)
    a, b = view_of(base, a_spec), view_of(base, b_spec)
    if isinstance(got, AliasedArguments):
        # Refused only where a written argument truly shares memory with another (np.shares_memory, exact).
        assert fn is not read_only and np.shares_memory(a, b)
        return
    # A trace that writes into an argument ran: its arguments were disjoint; one that writes none runs on anything.
    assert fn is read_only or not np.shares_memory(a, b)
    assert_same(got[0], want)
    np.testing.assert_array_equal(got[1], want_base)


@pytest.mark.parametrize("executor", EXECUTORS)
def test_the_same_array_twice_is_refused_where_the_graph_writes_into_it(executor):
    traced = autograph.function(write_then_read, executor=executor)
    z = np.zeros(3)
    np.testing.assert_array_equal(traced(z, np.ones(3)), np.ones(3))  # traced, and run, on disjoint arrays
    with pytest.raises(AliasedArguments) as info:
        traced(z, z)  # same-array
    message = str(info.value)
    assert message.startswith(f"{HERE}:{helpers.line_of(HERE, 'same-array')}: write_then_read writes into its "
                              "argument 'a' in place, and argument 'b' is the same array as it.")
    assert "np.copy(b)" in message and "write_then_read.python_function(...)" in message
    assert isinstance(info.value, Limitation) and isinstance(info.value, ValueError)
    np.testing.assert_array_equal(z, [100.0, 0.0, 0.0])  # only the first call wrote
    # What the message says to do gives eager's result.
    np.testing.assert_array_equal(traced(z, np.copy(z)), write_then_read(z.copy(), z.copy()))
    assert traced.python_function(z, z)[0] == 100.0


@pytest.mark.parametrize("executor", EXECUTORS)
def test_overlapping_views_are_refused_and_named(executor):
    traced = autograph.function(write_then_read, executor=executor)
    z = np.arange(4.0)
    with pytest.raises(AliasedArguments) as info:
        traced(z[1:], z[:-1])  # overlapping
    assert str(info.value).startswith(f"{HERE}:{helpers.line_of(HERE, 'overlapping')}: write_then_read writes into "
                                      "its argument 'a' in place, and argument 'b' shares memory with it.")
    np.testing.assert_array_equal(z, np.arange(4.0))
    # Interleaved views overlap in their bounds only (np.may_share_memory), not in memory: they run, as eager.
    eager = np.arange(4.0)
    want = write_then_read(eager[::2], eager[1::2])
    np.testing.assert_array_equal(traced(z[::2], z[1::2]), want)
    np.testing.assert_array_equal(z, eager)


def write_into_pair(pair):
    pair[0][0] = 5.0
    return pair[1] * 1.0


@pytest.mark.parametrize("executor", EXECUTORS)
def test_arrays_nested_in_an_argument_are_checked_too(executor):
    traced = autograph.function(write_into_pair, executor=executor)
    z = np.zeros(2)
    with pytest.raises(AliasedArguments, match=r"its argument 'pair\[0\]' in place, and argument 'pair\[1\]' is "):
        traced((z, z))
    np.testing.assert_array_equal(traced((z, np.ones(2))), np.ones(2))
    np.testing.assert_array_equal(z, [5.0, 0.0])


@pytest.mark.parametrize("executor", EXECUTORS)
def test_a_graph_that_writes_into_no_argument_takes_aliased_arguments(executor):
    traced = autograph.function(read_only, executor=executor)
    z = np.arange(3.0)
    for _ in range(2):  # the general path, then the fast one
        assert_same(traced(z, z), read_only(z, z))
        assert_same(traced(z[1:], z[:-1]), read_only(z[1:], z[:-1]))


def calls_a_writer_on_one_array(z):
    return inner_writer(z, z) + inner_writer(z[1:], z[:-1])


@autograph.function
def inner_writer(a, b):
    a[0] = a[0] + 1.0
    return np.sum(b)


@pytest.mark.parametrize("executor", EXECUTORS)
def test_inside_another_trace_the_aliasing_is_the_traces_own_and_matches_eager(executor):
    # The inner Function is inlined into the outer trace, where both names hold one tensor (and its views
    # see its writes): nothing to refuse, and eager's result. The outer call writes into z alone.
    traced = autograph.function(calls_a_writer_on_one_array, executor=executor)
    eager, graph = np.arange(4.0), np.arange(4.0)
    writer = inner_writer.python_function
    want = writer(eager, eager) + writer(eager[1:], eager[:-1])
    assert_same(traced(graph), want)
    np.testing.assert_array_equal(graph, eager)


# --- 6. arguments that NumPy subclasses or wraps ---------------------------------------------------------

def total(x):
    return np.sum(x)


def doubled(x):
    return x * 2


def matrix(rows):
    """``np.matrix(rows)``, without NumPy's PendingDeprecationWarning (the class is what is tested)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", PendingDeprecationWarning)
        return np.matrix(rows)


class Tagged(np.ndarray):
    """A user's ndarray subclass: it carries a tag beside its data."""

    tag = "metres"


SUBCLASSED = [
    pytest.param(lambda: np.ma.masked_array([1.0, 2.0, -50.0, 1.0], mask=[0, 0, 1, 0]),
                 "numpy.ma.MaskedArray", "x.filled(0)", id="masked"),
    pytest.param(lambda: matrix([[1.0, 2.0], [3.0, 4.0]]), "numpy.matrix", "np.asarray(x)", id="matrix"),
    pytest.param(lambda: np.rec.array([(1.0, 2.0)], dtype=[("a", "f8"), ("b", "f8")]), "numpy.recarray",
                 "np.asarray(x)", id="recarray"),
    pytest.param(lambda: np.char.array(["a", "b"]), "numpy.chararray", "np.asarray(x)", id="chararray"),
    pytest.param(lambda: np.arange(3.0).view(Tagged), "test_call_boundary.Tagged", "np.asarray(x)", id="user"),
]


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("make, shown, advice", SUBCLASSED)
def test_an_ndarray_subclass_is_refused_at_the_call(make, shown, advice, mode):
    traced = autograph.function(total, **mode)
    with pytest.raises(SubclassedArray) as info:
        traced(make())  # subclassed
    message = str(info.value)
    assert message.startswith(f"{HERE}:{helpers.line_of(HERE, 'subclassed')}: argument 'x' of total is a "
                              f"{shown.replace('test_call_boundary', __name__)}")
    assert advice in message and "total.python_function(...)" in message
    assert isinstance(info.value, TypeError) and isinstance(info.value, Limitation)
    assert traced.tracing_count == 0
    with pytest.raises(SubclassedArray):  # again: the class never joins the fast path's keys
        traced(make())


@pytest.mark.parametrize("mode", MODES)
def test_the_masked_sum_of_the_issue_is_refused_and_the_advice_gives_eagers_answer(mode):
    m = np.ma.masked_array([1.0, 2.0, -50.0, 1.0], mask=[0, 0, 1, 0])
    traced = autograph.function(total, **mode)
    with pytest.raises(SubclassedArray, match=r"its mask would be ignored"):
        traced(m)
    assert float(traced(m.filled(0))) == float(np.sum(m)) == 4.0
    assert traced.python_function(m) == 4.0


@pytest.mark.parametrize("executor", EXECUTORS)
def test_subclasses_are_refused_in_nests_under_an_input_signature_and_by_concrete_functions(executor):
    m = np.ma.masked_array([1.0, 2.0], mask=[0, 1])
    pairs = autograph.function(lambda pair: pair[0] + pair[1], executor=executor)
    with pytest.raises(SubclassedArray, match=r"argument 'pair\[1\]' of <lambda> is a numpy.ma.MaskedArray"):
        pairs((np.ones(2), m))
    fixed = autograph.function(total, executor=executor,
                               input_signature=[autograph.TensorSpec([None], np.float64)])
    with pytest.raises(SubclassedArray) as info:
        fixed(m)  # under-signature
    assert str(info.value).startswith(f"{HERE}:{helpers.line_of(HERE, 'under-signature')}: argument 'x' of total")
    concrete = autograph.function(total, executor=executor).get_concrete_function(np.ones(2))
    with pytest.raises(SubclassedArray) as info:
        concrete(m)  # concrete-call
    assert str(info.value).startswith(f"{HERE}:{helpers.line_of(HERE, 'concrete-call')}: argument 'x' of total is a "
                                      "numpy.ma.MaskedArray")


def write_and_double(x):
    x[0] = 5.0
    return x * 2.0


@pytest.mark.parametrize("executor", EXECUTORS)
def test_a_memmap_and_numpy_scalars_run_as_eager(executor, tmp_path):
    eager = np.memmap(tmp_path / "eager.dat", dtype=np.float64, mode="w+", shape=(4,))
    graph = np.memmap(tmp_path / "graph.dat", dtype=np.float64, mode="w+", shape=(4,))
    eager[:], graph[:] = np.arange(4.0), np.arange(4.0)
    traced = autograph.function(write_and_double, executor=executor)
    for _ in range(2):
        want = write_and_double(eager)
        got = traced(graph)
        assert type(got) is type(want) is np.ndarray  # NumPy's arithmetic on a memmap returns a plain array
        assert_same(got, want)
        np.testing.assert_array_equal(graph, eager)  # the write reached the file's memory, as eager's did
    scalars = autograph.function(doubled, executor=executor)
    with quiet():  # (five dtypes, five traces: the retracing warning is not what is tested)
        for value in (np.float32(1.5), np.float64(-0.0), np.int8(3), np.bool_(True), np.complex64(1 - 2j)):
            assert_same(scalars(value), doubled(value))


# --- 7. Python scalars as trace keys ----------------------------------------------------------------

def by_float(x, k):
    return x / k, x * k, x + math.copysign(1.0, k)


SPECIAL = [0.0, -0.0, math.nan, -math.nan, math.inf, -math.inf, 1.0, -1.0]


def bits(k):
    return struct.pack("d", k)


def floats():
    """Python floats that compute alike in every executor (normal numbers, so no flush of subnormals to zero
    can tell XLA apart), zeros of both signs, infinities and NaNs (Hypothesis also gives NaNs of other bits)."""
    return st.one_of(st.sampled_from(SPECIAL), st.floats(allow_nan=True, allow_infinity=True, allow_subnormal=False,
                                                         min_value=None, max_value=None).filter(
        lambda k: k == 0 or math.isnan(k) or math.isinf(k) or 1e-100 < abs(k) < 1e100))


@pytest.mark.parametrize("executor", EXECUTORS)
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])  # (a trace per value)
@given(ks=st.lists(floats(), min_size=1, max_size=6))
def test_python_floats_match_eager_with_one_trace_per_bit_pattern(executor, ks):
    traced = autograph.function(by_float, executor=executor)
    x = np.array([1.0, -3.0])
    with quiet():
        for k in ks + ks:  # each value twice: the second time on the fast path
            assert_same(traced(x, k), by_float(x, k))
    assert traced.tracing_count == len({bits(k) for k in ks})


@pytest.mark.parametrize("mode", MODES)
def test_minus_zero_after_zero_gets_its_own_trace_and_nan_reuses_one(mode):
    traced = autograph.function(by_float, **mode)
    x = np.array([1.0, -3.0], np.float32)  # float32: backend="jax" computes in 32 bits unless x64 is on
    with quiet():
        for k in (0.0, -0.0, 0.0, -0.0):
            assert_same(traced(x, k), by_float(x, k))
        assert np.asarray(traced(x, -0.0)[0])[0] == -np.inf  # what the 0.0 trace gave as +inf
        with warnings.catch_warnings():
            warnings.simplefilter("error", autograph.RetracingWarning)
            for _ in range(100):
                assert_same(traced(x, float("nan")), by_float(x, float("nan")))
    assert traced.tracing_count == 3


def every_kind(x, *ks, k, **named):
    """A float reaches the key through each path: a parameter, ``*args``, a nest, ``**kwargs``."""
    a, (b, c) = ks[0], named["pair"]
    return x / k + x / a + x / b + x / c


@pytest.mark.parametrize("executor", EXECUTORS)
def test_every_path_of_the_key_keeps_minus_zero_and_nan(executor):
    traced = autograph.function(every_kind, executor=executor)
    x = np.ones(2)
    calls = [(0.0, 1.0, 1.0, 1.0), (-0.0, 1.0, 1.0, 1.0), (1.0, -0.0, 1.0, 1.0), (1.0, 1.0, -0.0, 1.0),
             (1.0, 1.0, 1.0, -0.0), (math.nan, math.nan, math.nan, math.nan)]
    with quiet():
        for k, a, b, c in calls + calls:
            assert_same(traced(x, a, k=k, pair=(b, c)), every_kind(x, a, k=k, pair=(b, c)))
    assert traced.tracing_count == len(calls)


def typed(x, k):
    return x * k, x / (k + 1), repr(k)


@pytest.mark.parametrize("executor", EXECUTORS)
def test_true_one_one_point_oh_and_complex_one_are_four_traces(executor):
    # They are equal and hash alike in Python, but compute differently: the key holds the class.
    traced = autograph.function(typed, executor=executor)
    x = np.array([1, -2], np.int8)
    values = [1, True, 1.0, 1 + 0j, 0, False, 0.0, -0.0, 0j, complex(0.0, -0.0), complex(-0.0, 0.0)]
    with quiet():
        for k in values + values:
            assert_same(traced(x, k), typed(x, k))
    assert traced.tracing_count == len(values)


def by_imaginary(x, k):
    return x / k.imag, x * k


@pytest.mark.parametrize("mode", MODES)
def test_complex_numbers_are_keyed_by_the_bits_of_both_parts(mode):
    traced = autograph.function(by_imaginary, **mode)
    x = np.ones(2, np.float32)
    values = [complex(1.0, 0.0), complex(1.0, -0.0), complex(math.nan, math.nan)]
    with quiet():
        for k in values + values + [complex(math.nan, math.nan)]:
            got, want = traced(x, k), by_imaginary(x, k)
            assert_same(got[0], want[0])
            np.testing.assert_array_equal(np.asarray(got[1]), want[1])
    assert traced.tracing_count == 3


class Celsius(float):
    """A float subclass: keyed by its class and its bits, through the general path's key and ``fast_key``."""


def shown(x, k):
    return x / float(k), str(k)


@pytest.mark.parametrize("executor", EXECUTORS)
def test_float_subclasses_and_decimals_are_keyed_exactly_too(executor):
    traced = autograph.function(shown, executor=executor)
    x = np.ones(2)
    # Decimal("-0") == Decimal("0") and Decimal("1.0") == Decimal("1.00"), but they print (and divide) apart.
    values = [Celsius(0.0), Celsius(-0.0), Celsius("nan"), Decimal("0"), Decimal("-0"), Decimal("1.0"),
              Decimal("1.00"), Decimal("NaN")]
    with quiet():
        for k in values + values + [Celsius("nan"), Decimal("NaN")]:
            assert_same(traced(x, k), shown(x, k))
    assert traced.tracing_count == len(values)


def test_a_concrete_function_of_zero_refuses_minus_zero_and_takes_nan():
    traced = autograph.function(by_float)
    x = np.ones(2)
    zero = traced.get_concrete_function(x, 0.0)
    with pytest.raises(TypeError, match=r"was traced for k=0.0, got -0.0"):
        zero(x, -0.0)
    nan = traced.get_concrete_function(x, math.nan)
    with quiet():
        assert_same(nan(x, float("nan")), by_float(x, float("nan")))


def test_the_retracing_warning_shows_floats_as_numbers():
    traced = autograph.function(by_float)
    x = np.ones(2)
    with quiet(), warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", autograph.RetracingWarning)
        for k in range(12):
            traced(x, k + 0.5)
    shown = [str(w.message) for w in caught if issubclass(w.category, autograph.RetracingWarning)]
    assert shown and re.search(r"changes \(\d+\.5, \d+\.5, \d+\.5\)", shown[-1]), shown[-1]


# --- a loaded function checks its arguments by the same rules (runtime/exact_values.py) ------------------

def _divide(x, k):
    with np.errstate(divide="ignore", invalid="ignore"):
        return x / k


def _total(x):
    return np.sum(x)


def test_a_loaded_function_keys_floats_by_their_bits(tmp_path):
    f = autograph.function(_divide)
    x = np.array([1.0, -1.0])
    with np.errstate(divide="ignore", invalid="ignore"):
        f(x, 0.0)
        f(x, float("nan"))
    path = tmp_path / "divide.agz"
    autograph.save(f, path)
    loaded = autograph.load(path)
    with np.errstate(divide="ignore", invalid="ignore"):
        np.testing.assert_array_equal(loaded(x, 0.0), _divide(x, 0.0))
        np.testing.assert_array_equal(loaded(x, float("nan")), _divide(x, float("nan")))  # nan finds nan's trace
        with pytest.raises(TypeError, match="has no signature these arguments fit"):
            loaded(x, -0.0)  # saved for 0.0 only: -0.0 divides to the other infinities, so not that graph


def test_a_loaded_function_refuses_a_masked_array_at_the_callers_line(tmp_path):
    f = autograph.function(_total)
    f(np.ones(3))
    path = tmp_path / "summed.agz"
    autograph.save(f, path)
    loaded = autograph.load(path)
    masked = np.ma.masked_array([1.0, 50.0, 3.0], mask=[False, True, False])
    with pytest.raises(SubclassedArray) as info:
        loaded(masked)
    message = str(info.value)
    assert f"{__file__}:" in message and "numpy.ma.MaskedArray" in message and ".filled(0)" in message
    assert "python_function" not in message  # a loaded function has none


# --- dtypes no graph holds ------------------------------------------------------------------------------------------

def first_field_or_item(x):
    return x["mu"] * 2.0 if x.dtype.fields else x[0]


UNHELD = [
    pytest.param(lambda: np.array([(1.0, 2.0), (3.0, 4.0)], dtype=[("mu", float), ("sigma", float)]),
                 "a structured array (its fields are no numbers a graph holds; pass each field, x['mu'], as an "
                 "argument of its own)", id="structured"),
    pytest.param(lambda: np.array([1, "a", None], dtype=object), "an array of Python objects (dtype object)",
                 id="object"),
    pytest.param(lambda: np.array(["a", "bc"]), "an array of strings (dtype <U2)", id="str"),
    pytest.param(lambda: np.array([b"a"]), "an array of bytes (dtype |S1)", id="bytes"),
    pytest.param(lambda: np.zeros(2, dtype="V4"), "an array of raw bytes (void) (dtype |V4)", id="void"),
    pytest.param(lambda: np.str_("a"), "an array of strings (dtype <U1)", id="numpy-str-scalar"),
]


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("make, shown", UNHELD)
def test_an_array_of_a_dtype_no_graph_holds_is_refused_at_the_call(make, shown, mode):
    """A structured array's field read (``x['mu']``, particles' weighted means) raised an IndexError while traced,
    which a program's ``except IndexError:`` could take for NumPy's (eagerly it is the field); strings and objects
    ran on the interpreter as far as they went, and crashed XLA's lowering."""
    traced = autograph.function(first_field_or_item, **mode)
    with pytest.raises(NotStageable) as info:
        traced(make())  # unheld
    message = str(info.value)
    assert message.startswith(f"{HERE}:{helpers.line_of(HERE, 'unheld')}: argument 'x' of first_field_or_item is "
                              f"{shown}"), message
    assert "a graph holds numbers, booleans and datetimes" in message and message.count(HERE) == 1
    assert traced.tracing_count == 0


@pytest.mark.parametrize("executor", EXECUTORS)
def test_datetimes_run_on_the_interpreter_and_xla_refuses_them_by_name(executor):
    def next_day(days):
        return days + np.timedelta64(1, "D")

    days = np.array(["2020-01-01", "2024-02-28"], dtype="datetime64[D]")
    traced = autograph.function(next_day, executor=executor)
    if executor == "jax":
        with pytest.raises(Limitation, match=r"executor='jax' cannot take an input of dtype datetime64\[D\]"):
            traced(days)
        return
    np.testing.assert_array_equal(traced(days), next_day(days))  # ("auto": the interpreter, after XLA refused)
