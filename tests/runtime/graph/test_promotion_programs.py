"""Random arithmetic between a tensor and a scalar, differential against NumPy on each executor.

NumPy 2's promotion (NEP 50) treats a Python ``int`` / ``float`` / ``complex`` as *weak*: ``int8 array + 3`` stays
int8, ``float32 array * 2.5`` stays float32, and an int that does not fit the array's dtype is an OverflowError
(``uint8 array + 300``, ``int8 array - 200``); a NumPy scalar (``np.float64(2)``) is strong. Integer division
and remainder by zero give 0 with a warning; an integer to a negative integer power is a ValueError. Each program
is ``x <op> s`` or ``s <op> x`` (or a unary op, or an augmented ``x <op>= s`` into a copy) with ``s`` written in
the source, passed as an argument, or a NumPy scalar: the graph must give NumPy's dtype and values, or NumPy's
exception class (or a clear refusal), never another value.
"""

from __future__ import annotations

import random
import warnings

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import autograph
from runtime.limits import Limitation
from runtime.staging import NotStageable
from tests.helpers import executors, load_f

DTYPES = ["int8", "uint8", "int16", "int32", "int64", "uint32", "uint64", "float16", "float32", "float64", "bool",
          "complex64", "complex128"]
BINARY = ["+", "-", "*", "/", "//", "%", "**", "<", "<=", "==", "!=", "&", "|", "^", "<<", ">>"]
SCALARS = ["0", "1", "-1", "2", "3", "-7", "127", "128", "200", "255", "256", "-129", "300", "65536", "2**31",
           "2**32", "2**63 - 1", "2**63", "2**64 - 1", "-2**63", "0.5", "-2.5", "1e10", "1e40", "float('nan')",
           "float('inf')", "True", "False", "1j", "(2 - 0.5j)"]
NUMPY_SCALARS = ["np.int8(3)", "np.uint8(250)", "np.int64(-2)", "np.uint64(5)", "np.float32(0.1)", "np.float64(-3.5)",
                 "np.float16(2)", "np.bool_(True)", "np.complex64(1 + 1j)"]
VALUES = {  # x's values before the cast to its dtype: small and large, signed, zeros (division by zero)
    "small": [0, 1, -1, 2, -3, 5, 7, -8],
    "large": [100, -100, 127, -128, 250, 3, 0, 60000],
    "fractions": [0.5, -1.5, 2.25, 0.0, -0.0, 3.75, 1e5, -7.0],
}


def program(seed: int) -> tuple[str, str, str]:
    """(x's dtype, x's values, the source of ``def f(x, s)``) for ``seed``."""
    r = random.Random(seed)
    dtype, values = r.choice(DTYPES), r.choice(list(VALUES))
    scalar = r.choice(SCALARS + NUMPY_SCALARS)
    where = r.choice(["source", "source", "argument"])
    s = f"({scalar})" if where == "source" else "s"  # (parenthesized: 2**63 - 1 ** x is not (2**63 - 1) ** x)
    kind = r.randrange(6)
    op = r.choice(BINARY)
    if kind == 0:
        body = "    return -x if np.sum(x != 0) > 3 else abs(x), ~x if x.dtype.kind in 'biu' else np.negative(x)"
    elif kind in (1, 2):
        body = f"    return x {op} {s}"
    elif kind == 4 and op not in ("<", "<=", "==", "!="):
        body = f"    y = x.copy()\n    y {op}= {s}\n    return y"
    elif kind in (3, 4):
        body = f"    return {s} {op} x"
    else:  # a scalar read from the tensor, then combined with the Python scalar
        body = f"    t = x[1]\n    return t {op} {s}, {s} {op} t"
    return dtype, values, f"# s = {scalar}\ndef f(x, s):\n{body}\n", scalar


def _outcome(fn, *args):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            return "value", fn(*args)
        except (ArithmeticError, ValueError, TypeError) as error:
            return type(error), str(error)


def _same(got, want, executor, exponent=1.0):
    if isinstance(want, tuple):
        assert isinstance(got, tuple) and len(got) == len(want)
        for g, w in zip(got, want):
            _same(g, w, executor, exponent)
        return
    # (Python's complex operators take a np.float64 on their right, a float subclass: a Python complex or bool, by
    # Python's arithmetic (its complex power differs from NumPy's in the last bits); graphs give NumPy's
    # np.complex128 or np.bool: documented in docs/functions.md)
    python_complex = type(want) in (complex, bool) and type(got) in (np.complex128, np.bool_)
    assert type(got) is type(want) or isinstance(want, np.ndarray) or python_complex, (type(got), type(want))
    got, want = np.asarray(got), np.asarray(want)
    assert (got.dtype, got.shape) == (want.dtype, want.shape), (got.dtype, want.dtype)
    if python_complex and want.dtype.kind == "c":
        np.testing.assert_allclose(got, want, rtol=1e-13, equal_nan=True)
    elif executor == "jax" and want.dtype.kind in "fc":
        # (XLA's float division and power may be an ulp off, and it flushes subnormals to zero; its complex power
        # of a non-integer exponent is exp(b log a), whose rounding log's error times |b| grows: docs/jax.md.
        # seed 1763, complex64 x ** (-2.5), was just over 4 ulps off on JAX 0.12; seed 4394, complex128 x ** 127 of
        # values up to 8, 128 ulps on JAX 0.12: so a complex power's ulps grow with the exponent's size, `exponent`)
        info = np.finfo(want.dtype)
        ulps = 16 * max(1.0, exponent) if want.dtype.kind == "c" else 4
        np.testing.assert_allclose(got, want, rtol=ulps * info.eps, atol=info.tiny, equal_nan=True)
    else:
        np.testing.assert_array_equal(got, want)


@pytest.mark.parametrize("executor", executors())
@settings(max_examples=80, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1))
def test_a_tensor_and_a_scalar_promote_and_compute_as_numpy(executor, seed):
    dtype, values, source, scalar = program(seed)
    f = load_f(source, "promotion-program")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        x = np.array(VALUES[values]).astype(dtype)
    s = eval(scalar, {"np": np})
    want = _outcome(f, x, s)
    got = _outcome(autograph.function(f, executor=executor), x, s)
    if isinstance(got[0], type) and issubclass(got[0], (Limitation, NotStageable)):
        return  # a clear refusal, never another value
    assert got[0] == want[0], (source, dtype, values, got, want)
    if want[0] == "value":
        # (the largest exponent a power here takes: the scalar's size, or x's largest value for `s ** x`)
        exponent = max(abs(complex(s)), float(np.max(np.abs(x)))) if "**" in source and np.size(s) == 1 else 1.0
        _same(got[1], want[1], executor, exponent)


@pytest.mark.parametrize("executor", executors())
def test_an_augmented_write_numpy_cannot_cast_raises_numpys_own_error(executor):
    def halve(x):
        y = x.copy()
        y /= 2
        return y

    with pytest.raises(TypeError) as eager:
        halve(np.arange(3, dtype=np.uint32))
    with pytest.raises(TypeError) as staged:
        autograph.function(halve, executor=executor)(np.arange(3, dtype=np.uint32))
    assert type(staged.value) is type(eager.value)  # NumPy's _UFuncOutputCastingError, a TypeError
    assert str(eager.value) in str(staged.value)
