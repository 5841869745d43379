"""A float made an integer in a graph gives NumPy's integer, or NumPy's error (runtime/jax/casts.py on XLA,
runtime/graph/scalar_writes.py for a float scalar written into an integer array).

XLA's convert saturates (nan is 0, inf the largest integer); NumPy's cast of a value the integer cannot
hold is the C cast's (on x86-64 INT_MIN for int32 / int64, that wrapped for narrower ones), and a float
*scalar* written at a basic index goes through a Python int: nan is a ``ValueError``, an infinity or a
value out of range an ``OverflowError``. The oracle is eager NumPy, on every float and integer dtype,
through each way a program makes one (``astype``, ``np.asarray(dtype=)``, a write of an array, of a scalar
at a basic, sliced or integer-array index, of a 0-d array), inside a staged loop too, on both executors,
and with executor='auto'. Plain ``lax.convert_element_type`` is the
control that loses NumPy's value."""

from __future__ import annotations

import warnings

import jax
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import autograph
from runtime.jax import casts

pytestmark = [pytest.mark.filterwarnings("ignore:invalid value encountered in cast:RuntimeWarning"),
              pytest.mark.filterwarnings("ignore::autograph.RetracingWarning")]

FLOATS = (np.float64, np.float32, np.float16)
INTS = (np.int64, np.int32, np.int16, np.int8, np.uint64, np.uint16, np.uint8)  # uint32: see test_uint32_refused
SPECIAL = [np.nan, np.inf, -np.inf, 0.0, -0.0, 0.5, -0.5, 2.7, -2.7, 127.5, 128.0, -128.5, -129.0, 255.9, 256.0,
           300.5, -300.5, 32767.9, 32768.0, 65535.5, 65536.0, 70000.0, 2.0 ** 31, -2.0 ** 31, -2.0 ** 31 - 1,
           3e9, 3e9 + 7, -3e9, 2.0 ** 53, 2.0 ** 63, -2.0 ** 63, 1.5e19, 2.0 ** 64, 1e30, -1e30, 1e300]


def _values(dtype, seed, n=64):
    rng = np.random.default_rng(seed)
    with np.errstate(over="ignore"):
        special = np.array(SPECIAL, np.float64).astype(dtype)
        scaled = rng.standard_normal(n) * rng.choice([1.0, 1e2, 1e5, 1e10, 1e20], n)
        return np.concatenate([special, scaled.astype(dtype)])


def _eager(fn, *args):
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        try:
            return fn(*args)
        except (ValueError, OverflowError) as error:
            return type(error)


def _same(got, want):
    if isinstance(want, type):
        return got is want
    return (not isinstance(got, type) and np.asarray(got).dtype == np.asarray(want).dtype
            and np.array_equal(got, want))


_FUNCTIONS: dict = {}


def _staged(fn, executor, *args):
    """``fn`` staged (one Function per function and executor: a trace per dtype pair, each value a call of it)."""
    function = _FUNCTIONS.get((fn, executor))
    if function is None:
        function = _FUNCTIONS[fn, executor] = autograph.function(fn, executor=executor)
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        try:
            return function(*args)
        except (ValueError, OverflowError) as error:
            return type(error)


def astype(x, dtype):
    return x.astype(dtype)


def asarray(x, dtype):
    return np.asarray(x, dtype=dtype)


def write_array(x, dtype):
    out = np.zeros(x.shape, dtype)
    out[:] = x
    return out


def write_scalars(x, dtype):
    """Each element (a NumPy scalar) at an int index, in a staged loop."""
    out = np.zeros(x.shape, dtype)
    for i in range(x.shape[0]):
        out[i] = x[i]
    return out


def write_scalar_sliced(x, dtype):
    out = np.zeros(4, dtype)
    out[1:3] = x[0]
    return out


def write_scalar_fancy(x, dtype):
    out = np.zeros(4, dtype)
    out[np.array([1, 2])] = x[0]
    return out


def write_zero_d_array(x, dtype):
    out = np.zeros(4, dtype)
    out[1] = np.asarray(x[0])
    return out


ARRAY_PATHS = (astype, asarray, write_array)
SCALAR_PATHS = (write_scalars, write_scalar_sliced, write_scalar_fancy, write_zero_d_array)


@pytest.mark.parametrize("executor", ["numpy", "jax"])
@pytest.mark.parametrize("path", ARRAY_PATHS, ids=lambda p: p.__name__)
@pytest.mark.parametrize("source", FLOATS, ids=lambda d: d.__name__)
def test_array_casts_give_numpys_integers(path, source, executor):
    x = _values(source, 0)
    for target in INTS:
        want = _eager(path, x, target)
        got = _staged(path, executor, x, target)
        assert _same(got, want), (path.__name__, source.__name__, target.__name__, x[~np.equal(got, want)][:5]
                                  if not isinstance(got, type) else got)


@pytest.mark.parametrize("executor", ["numpy", "jax"])
@pytest.mark.parametrize("path", SCALAR_PATHS, ids=lambda p: p.__name__)
def test_scalar_writes_give_numpys_integer_or_error(path, executor):
    for source in (np.float64, np.float32, np.complex128):
        for target in INTS:
            for value in _values(source, 1, n=4):
                x = np.array([value], source) if path is not write_scalars else np.array([value, 1.5], source)
                want = _eager(path, x, target)
                got = _staged(path, executor, x, target)
                assert _same(got, want), (path.__name__, source.__name__, target.__name__, value, got, want)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2 ** 32 - 1), source=st.sampled_from(FLOATS), target=st.sampled_from(INTS),
       executor=st.sampled_from(["numpy", "jax"]))
def test_random_values(seed, source, target, executor):
    x = _values(source, seed)
    want = _eager(astype, x, target)
    assert _same(_staged(astype, executor, x, target), want)


def staged_loop(x, dtype, n):
    """A ``while`` over a traced bound: the casts and the writes inside a staged loop's body."""
    out = np.zeros(x.shape, dtype)
    total = np.zeros((), dtype)
    i = 0
    while i < n:
        out[i] = x[i]
        total = total + np.asarray(x[i]).astype(dtype)
        i += 1
    return out, total


@pytest.mark.parametrize("executor", ["numpy", "jax", "auto"])
def test_inside_a_staged_loop(executor):
    for target in (np.int64, np.int8, np.uint8, np.uint64):
        for value in (np.nan, np.inf, 1e30, 300.5, -129.5, 2.5):
            x = np.array([2.5, value, -1.5])
            want = _eager(staged_loop, x, target, np.int64(3))
            got = _staged(staged_loop, executor, x, target, np.int64(3))
            assert (got is want) if isinstance(want, type) else all(_same(g, w) for g, w in zip(got, want)), (
                target, value, got, want)


def test_plain_convert_is_the_control():
    """Without the rule, XLA's own convert loses NumPy's value: nan is 0 there, INT_MIN in NumPy (x86-64)."""
    x = np.array([np.nan, np.inf, -1e30, 2.7])
    got = np.asarray(jax.jit(lambda v: jax.lax.convert_element_type(v, np.int32))(x))
    want = _eager(astype, x, np.int32)
    if casts.rule_for(np.dtype(np.float64), np.dtype(np.int32))[0] == "x86-64":
        assert not np.array_equal(got, want)
    assert np.array_equal(np.asarray(jax.jit(lambda v: casts.float_to_int(v, np.int32))(x)), want)


def test_uint32_refused_where_numpy_answers_by_position():
    """NumPy's float64 -> uint32 cast of a value out of range depends on where it stands (its vector loop and
    its scalar tail differ here): no rule can hold, and the XLA executor says so rather than guess."""
    if casts.rule_for(np.dtype(np.float64), np.dtype(np.uint32)) is not None:
        pytest.skip("NumPy casts float64 -> uint32 by a rule on this machine")
    with pytest.raises(Exception, match=r"a cast from float64 to uint32.*executor='numpy'"):
        autograph.function(astype, executor="jax")(np.array([2.5, 1e30]), np.uint32)
    want = _eager(astype, np.array([2.5, 1e30]), np.uint32)
    assert _same(autograph.function(astype, executor="numpy")(np.array([2.5, 1e30]), np.uint32), want)


def test_rules_are_checked_not_assumed():
    """A rule is taken only if it gives NumPy's answers on every probe value, wherever the value stands."""
    for source in FLOATS:
        for target in INTS:
            found = casts.rule_for(np.dtype(source), np.dtype(target))
            assert found is not None, (source, target)
            probe = casts._probe(np.dtype(source))
            wide = probe.astype(np.float32) if np.dtype(source).itemsize < 4 else probe
            assert np.array_equal(found[1](casts._NUMPY, wide, np.dtype(target)), casts._numpy_convert(probe, target))
