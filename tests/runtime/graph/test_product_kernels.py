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
        # NumPy 2.4's BLAS: -inf; matmul's loop: 1e308 * 3 = inf, then inf + -inf = NaN (NumPy 2.5.5's dot, too)
        return np.dot(x, x[::-1])

    with np.errstate(all="ignore"):
        want = inner(x)
        assert want == -inf or np.isnan(want)
        assert np.array_equal(autograph.function(inner)(x), want, equal_nan=True)


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


# --- np.einsum: NumPy's own kernel (runtime/graph/ops_linalg.py's `einsum` op) ------------------------------------
#
# Until stop 92 a graph composed einsum of diagonals, sums and one matmul per pair of operands, which gave another
# last bit than NumPy's einsum loops (or its BLAS contractions, with `optimize`) in 28 of 36 layout pairs. The
# family draws subscripts (repeated labels, ellipses, implicit and explicit outputs, one to three operands), operand
# layouts (transposed, reversed, strided views), dtypes and `optimize`.

LABELS = "abcd"
LAYOUTS = {
    "plain": lambda x: x,
    "transposed": lambda x: x.T,     # (its base has the reversed shape)
    "reversed": lambda x: x[::-1],   # a negative stride on the first axis
    "strided": lambda x: x[::2],     # every other row of a base twice as long
}
EINSUM_EXAMPLES = int(os.environ.get("AUTOGRAPH_EINSUM_EXAMPLES", "30"))


@st.composite
def einsum_specs(draw):
    """``(subscripts, layouts, optimize, base shapes, dtypes)``: a valid einsum and how its operands are laid out."""
    sizes = {c: draw(st.integers(1, 4)) for c in LABELS}
    ellipsis = draw(st.booleans())
    extra = tuple(draw(st.lists(st.integers(1, 3), max_size=2))) if ellipsis else ()
    terms, layouts, bases = [], [], []
    for _ in range(draw(st.integers(1, 3))):
        labels = draw(st.lists(st.sampled_from(LABELS), max_size=3))
        terms.append(("..." if ellipsis else "") + "".join(labels))
        shape = extra + tuple(sizes[c] for c in labels)
        layout = draw(st.sampled_from(sorted(LAYOUTS))) if shape else "plain"
        layouts.append(layout)
        bases.append(shape[::-1] if layout == "transposed" else (2 * shape[0],) + shape[1:] if layout == "strided"
                     else shape)
    used = sorted({c for term in terms for c in term if c != "."})
    subscripts = ",".join(terms)
    if draw(st.booleans()):
        subscripts += "->" + ("..." if ellipsis else "") + "".join(draw(st.lists(st.sampled_from(used), unique=True))
                                                                   if used else [])
    dtype = draw(st.sampled_from([np.float64, np.float64, np.float32, np.complex128, np.int64]))
    dtypes = [draw(st.sampled_from([np.float32, np.float64])) if dtype == np.float32 else dtype for _ in terms]
    return subscripts, tuple(layouts), draw(st.booleans()), tuple(bases), tuple(dtypes)


@functools.cache
def einsum_program(subscripts, layouts, optimize):
    def f(*operands):
        return np.einsum(subscripts, *(LAYOUTS[layout](x) for layout, x in zip(layouts, operands)),
                         optimize=optimize)
    return f


@functools.cache
def einsum_staged(subscripts, layouts, optimize, executor):
    return autograph.function(einsum_program(subscripts, layouts, optimize), executor=executor)


def operand(rng, shape, dtype):
    if np.dtype(dtype).kind == "i":
        return rng.integers(-50, 50, shape).astype(dtype)
    x = rng.standard_normal(shape) * 10.0 ** rng.uniform(-3, 3, shape)
    if np.dtype(dtype).kind == "c":
        x = x + 1j * rng.standard_normal(shape)
    return x.astype(dtype)


@pytest.mark.parametrize("executor", every_executor())
@settings(max_examples=EINSUM_EXAMPLES, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(spec=einsum_specs(), seed=st.integers(0, 2**32 - 1))
def test_a_graph_einsums_as_numpy_does(executor, spec, seed):
    subscripts, layouts, optimize, bases, dtypes = spec
    rng = np.random.default_rng(seed)
    operands = [operand(rng, shape, dtype) for shape, dtype in zip(bases, dtypes)]
    fn = einsum_program(subscripts, layouts, optimize)
    want = fn(*operands)
    got = einsum_staged(subscripts, layouts, optimize, executor)(*operands)
    assert type(got) is type(want) and (got.dtype, got.shape) == (want.dtype, want.shape)
    if executor in ("numpy", "numba") or want.dtype.kind == "i":
        np.testing.assert_array_equal(got, want)  # NumPy's bits
        return
    # XLA adds in an order of its own: within the rounding of any order, the products' magnitudes summed.
    views = [np.abs(LAYOUTS[layout](x)).astype(np.float64) for layout, x in zip(layouts, operands)]
    magnitude = np.einsum(subscripts, *views)
    terms = max(1, int(np.prod([x.size for x in operands], dtype=np.float64) ** 0.5))
    eps = max(float(np.finfo(np.dtype(d)).eps) for d in dtypes)
    assert np.all(np.abs(got.astype(np.complex128) - want) <= 4 * eps * (terms + 4) * magnitude + 1e-300)


@pytest.mark.parametrize("subscripts", ["i,i", "ij,j->i", "ij,jk", "ii", "ij,jk,kl->il"])
def test_pinned_einsums_that_a_composition_rounds_otherwise(subscripts):
    # Each of these gave the composition's bits until stop 92: matmul's (or a sum's) instead of einsum's loops.
    rng = np.random.default_rng(3)
    terms = subscripts.split("->")[0].split(",")
    f = einsum_staged(subscripts, ("plain",) * len(terms), False, "numpy")
    differs = 0
    for _ in range(20):
        operands = [rng.standard_normal((37,) * len(term)) for term in terms]
        views = operands
        want = np.einsum(subscripts, *views)
        composed = {"i,i": lambda: views[0] @ views[1], "ij,j->i": lambda: views[0] @ views[1],
                    "ij,jk": lambda: views[0] @ views[1], "ii": lambda: np.sum(np.diagonal(views[0])),
                    "ij,jk,kl->il": lambda: (views[0] @ views[1]) @ views[2]}[subscripts]()
        differs += not np.array_equal(composed, want)
        got = f(*operands)
        np.testing.assert_array_equal(got, want)
        assert type(got) is type(want)
    assert differs > 3  # (the case does tell the kernels apart)


def test_the_graph_holds_one_einsum_node_with_the_calls_arguments():
    def contract(a, b):
        return np.einsum(a, [0, 1], b, [1, 2], [0, 2], optimize=["einsum_path", (0, 1)])

    graph = autograph.function(contract).get_concrete_function(np.ones((2, 3)), np.ones((3, 4))).graph
    (node,) = [node for node in graph.nodes if node.op == "einsum"]
    assert [node.op for node in graph.nodes] == ["einsum"]
    assert node.attrs["subscripts"] == "AB,BC->AC" and node.attrs["optimize"] == ("einsum_path", (0, 1))
    a, b = np.random.default_rng(1).standard_normal((2, 3)), np.random.default_rng(2).standard_normal((3, 4))
    np.testing.assert_array_equal(autograph.function(contract)(a, b), contract(a, b))


def test_a_repeated_label_of_a_size_known_only_at_run_time_stages():
    # (The composition took the diagonal with an index of the label's size, which had to be known while tracing.)
    def trace_of(a):
        return np.einsum("ii->", a)

    f = autograph.function(trace_of, input_signature=[autograph.TensorSpec((None, None))])
    for n in (1, 4, 7):
        a = np.random.default_rng(n).standard_normal((n, n))
        assert f(a) == trace_of(a)


@pytest.mark.skipif(not jax_usable(), reason="needs JAX, which is not installed")
def test_an_einsum_whose_order_decides_its_answer_is_refused_on_xla():
    from runtime.limits import OrderDependentOverflow

    inf = np.inf
    x = np.array([-inf, 1e308, inf, inf, inf, -inf, -inf, -inf, 3.0, inf])

    def inner(x):
        return np.einsum("i,i", x, x[::-1])

    with np.errstate(all="ignore"):
        want = inner(x)
        with pytest.raises(OrderDependentOverflow, match="may overflow here"):
            autograph.function(inner, executor="jax")(x)
        np.testing.assert_array_equal(autograph.function(inner, executor="auto")(x), want)  # (NaN: NumPy's loop)
        np.testing.assert_array_equal(autograph.function(inner)(x), want)


def test_the_converted_form_on_plain_values_einsums_as_numpy():
    fn = einsum_program("ij,jk->ik", ("reversed", "transposed"), False)
    rng = np.random.default_rng(4)
    a, b = rng.standard_normal((9, 9)), rng.standard_normal((9, 9))
    want = fn(a, b)
    converted = autograph.convert(fn)
    np.testing.assert_array_equal(converted(a, b), want)
    if jax_usable():
        import jax

        seen = []
        jax.make_jaxpr(lambda: seen.append(converted(a, b)) or 0)()
        np.testing.assert_array_equal(seen[0], want)
