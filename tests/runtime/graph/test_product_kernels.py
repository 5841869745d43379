"""``np.dot``, ``x.dot``, ``np.inner``, ``np.vdot`` and ``np.tensordot`` on every executor (runtime/graph/ops.py's
``dot`` and ``vdot``).

NumPy's dot hands a vector, a matrix of one row or column, and strided or reversed operands to other BLAS routines
than ``np.matmul`` does, and its vdot adds a reversed vector in a loop of its own: the same numbers, another last
bit in most such calls (and where an infinity meets a product that overflows, -inf against NaN). Until stop 91 a
graph staged all of them as ``matmul`` and gave matmul's bits with no error: ``np.dot(x, x[::-1])`` differed from
NumPy in 135 of 200 random calls, ``np.dot(m, v)`` of a strided ``v`` in all 200. The family multiplies operands
made in each such way: "numpy" and "numba" must give NumPy's bits; "jax" and "auto" NumPy's values within the
rounding any order of adding may cost (XLA adds in an order of its own: docs/jax.md). The converted form, on plain
values as written and inside a JAX trace, must give NumPy's bits.
"""

from __future__ import annotations

import functools
import os

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import autograph
from tests.helpers import every_executor, jax_usable

EXAMPLES = int(os.environ.get("AUTOGRAPH_PRODUCT_EXAMPLES", "30"))

# --- the operands: each made from a k x k matrix m, in a layout NumPy's kernels tell apart ----------------

OPERANDS = {
    "row": lambda m: m[0],               # a contiguous vector
    "reversed": lambda m: m[0, ::-1],    # a vector of negative stride
    "column": lambda m: m[:, 0],         # a strided vector
    "one_row": lambda m: m[:1],          # a 1 x k matrix
    "one_column": lambda m: m[:, :1],    # a k x 1 matrix
    "matrix": lambda m: m,
    "transposed": lambda m: m.T,
}
VECTORS = ("row", "reversed", "column")
LEFT = ("row", "reversed", "column", "one_row", "matrix", "transposed")    # (last axis k)
RIGHT = ("row", "reversed", "column", "one_column", "matrix", "transposed")  # (first axis k)

PRODUCTS = {
    "dot": lambda a, b: np.dot(a, b),
    "method_dot": lambda a, b: a.dot(b),
    "tensordot": lambda a, b: np.tensordot(a, b, axes=1),
    "inner": lambda a, b: np.inner(a, b),
    "vdot": lambda a, b: np.vdot(a, b),
}


def operand_pairs(product):
    if product == "inner":  # (both last axes k)
        return [(a, b) for a in LEFT for b in LEFT]
    if product == "vdot":  # (flattened: vectors with vectors, matrices with matrices)
        return ([(a, b) for a in VECTORS for b in VECTORS]
                + [(a, b) for a in ("matrix", "transposed") for b in ("matrix", "transposed")])
    return [(a, b) for a in LEFT for b in RIGHT]


CASES = [(product, a, b) for product in PRODUCTS for a, b in operand_pairs(product)]


@functools.cache
def program(product, left, right):
    make_a, make_b, multiply = OPERANDS[left], OPERANDS[right], PRODUCTS[product]

    def f(m):
        return multiply(make_a(m), make_b(m))
    f.__name__ = f"{product}_of_{left}_and_{right}"
    return f


@functools.cache
def staged(case, executor):
    return autograph.function(program(*case), executor=executor)


@st.composite
def matrices(draw):
    k = draw(st.sampled_from([3, 5, 8, 17, 33]))
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    dtype = draw(st.sampled_from([np.float64, np.float64, np.float32]))
    return (rng.standard_normal((k, k)) * 10.0 ** rng.uniform(-3, 3, (k, k))).astype(dtype)


def bound(case, m):
    """How far any order of the product's adding may round from NumPy's (within a factor), per output element."""
    product, left, right = case
    a, b = (np.abs(OPERANDS[side](m)).astype(np.float64) for side in (left, right))
    eps = float(np.finfo(m.dtype).eps) * (m.shape[0] + 2)
    if product == "vdot":
        return eps * np.dot(a.ravel(), b.ravel())
    return eps * (np.inner(a, b) if product == "inner" else np.dot(a, b))


@pytest.mark.parametrize("executor", every_executor())
@settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(m=matrices(), case=st.sampled_from(CASES))
def test_a_graph_multiplies_as_numpy_does(executor, m, case):
    want = np.asarray(program(*case)(m))
    got = np.asarray(staged(case, executor)(m))
    assert (got.dtype, got.shape) == (want.dtype, want.shape)
    if executor in ("numpy", "numba"):
        np.testing.assert_array_equal(got, want)  # NumPy's bits
    else:
        allowed = bound(case, m)
        assert np.all(np.abs(got.astype(np.float64) - want) <= np.broadcast_to(allowed, want.shape) * 1.01)


PINNED = [("dot", "row", "reversed"), ("dot", "matrix", "reversed"), ("inner", "reversed", "row"),
          ("vdot", "reversed", "row"), ("tensordot", "row", "reversed")]


@pytest.mark.parametrize("case", PINNED, ids=lambda case: "_".join(case))
def test_pinned_products_that_matmul_rounds_otherwise(case):
    # Each of these gave matmul's bits until stop 91 (another last bit in most of 200 random calls).
    rng = np.random.default_rng(11)
    differs = 0
    f = staged(case, "numpy")
    for _ in range(20):
        m = rng.standard_normal((37, 37))
        a, b = (OPERANDS[side](m) for side in case[1:])
        want = program(*case)(m)
        differs += not np.array_equal(np.matmul(np.conj(a.ravel()) if case[0] == "vdot" else a,
                                                b.ravel() if case[0] == "vdot" else b.T if case[0] == "inner" else b),
                                      want)
        np.testing.assert_array_equal(f(m), want)
    assert differs > 5  # (the case does tell the kernels apart)


def test_an_infinity_meeting_an_overflowing_product_is_numpys():
    inf = np.inf
    x = np.array([-inf, 1e308, inf, inf, inf, -inf, -inf, -inf, 3.0, inf])

    def inner(x):
        return np.dot(x, x[::-1])  # NumPy's BLAS: -inf; matmul's loop: 1e308 * 3 = inf, then inf + -inf = NaN

    with np.errstate(all="ignore"):
        assert autograph.function(inner)(x) == inner(x) == -inf


@pytest.mark.parametrize("case", [("dot", "row", "reversed"), ("vdot", "reversed", "column"),
                                  ("inner", "matrix", "one_row")], ids=lambda case: "_".join(case))
def test_the_converted_form_on_plain_values_is_numpys(case):
    m = np.random.default_rng(5).standard_normal((17, 17))
    fn = program(*case)
    want = fn(m)
    converted = autograph.convert(fn)
    np.testing.assert_array_equal(converted(m), want)  # (as written: no trace under way)
    if jax_usable():
        import jax

        seen = []
        jax.make_jaxpr(lambda: seen.append(converted(m)) or 0)()  # the converted form, on plain values
        np.testing.assert_array_equal(seen[0], want)


def test_the_graph_names_numpys_kernels():
    def ops(case):
        graph = autograph.function(program(*case)).get_concrete_function(np.ones((3, 3))).graph
        return [node.op for node in graph.nodes]

    assert "dot" in ops(("dot", "row", "matrix")) and "matmul" not in ops(("dot", "row", "matrix"))
    assert "vdot" in ops(("vdot", "row", "column"))
