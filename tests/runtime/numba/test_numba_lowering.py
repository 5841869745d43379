"""The numba lowering and executor (runtime/numba/lowering.py, executor.py): which ops it claims, and on every
claimed op, the graph corpus and generated programs, the interpreter's exact bits and dtypes (NumPy is the
oracle); every other graph is refused with a reason and runs on the interpreter."""

from __future__ import annotations

import os

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import autograph
from runtime.graph import interpreter, ops
from runtime.graph.tracing import TensorSpec, trace
from tests import graph_corpus

numba = pytest.importorskip("numba")

from runtime.numba import executor as numba_exec  # noqa: E402  (lower, executor: the compiled graph)
from runtime.numba.lowering import NUMBA_RULES, Unsupported  # noqa: E402

try:
    from tests.runtime.jax.test_jax_lowering import NULLARY_CASES, STRUCTURE_CASES, elementwise_inputs, one_node
except ImportError:  # (without JAX; the cases are the same)
    pytest.skip("the op cases live in the JAX lowering's tests", allow_module_level=True)

# The ops numba claims (some only for some dtypes or layouts: each rule refuses the rest with a reason): those whose
# record names runtime.numba.lowering (OpDef.numba). An op added to ops.OPS has no numba rule until its record
# claims one, the rule is written, and it is listed here and checked below.
CLAIMED = {
    "add", "sub", "mul", "truediv", "neg", "abs", "square", "sqrt", "floor", "ceil", "trunc", "copysign",
    "isnan", "isinf", "isfinite", "maximum", "minimum", "logical_not", "logical_and", "logical_or", "logical_xor",
    "bitwise_and", "bitwise_or", "bitwise_xor", "invert", "eq", "ne", "lt", "le", "gt", "ge", "floordiv", "mod",
    "sum", "mean", "max", "min", "any", "all", "matmul", "dot", "reshape", "transpose", "broadcast_to", "cast", "where",
    "getitem", "concatenate", "stack", "constant", "full", "full_like", "arange", "dim", "cond", "while_loop",
    "python_int", "contiguous", "layout_like",
}


def test_the_rule_table_is_the_claimed_ops_and_all_are_ops():
    assert set(NUMBA_RULES) == CLAIMED
    assert CLAIMED <= set(ops.OPS)


def assert_same(got: tuple, expected: tuple, graph) -> None:
    """Bit for bit (NaN payloads aside), dtype and shape: the compiled graph gives the interpreter's results."""
    assert len(got) == len(expected)
    for g, e in zip(got, expected):
        e = np.asarray(e)
        assert type(g) is np.ndarray and g.dtype == e.dtype and g.shape == e.shape, (g, e, str(graph))
        same = (g == e) | (np.isnan(g) & np.isnan(e)) if g.dtype.kind == "f" else g == e
        assert np.all(same), (g, e, str(graph))
        if g.dtype.kind == "f":  # the sign of zero too (a NaN's sign is left out: like its payload, the machine's)
            numbers = ~np.isnan(e)
            assert np.array_equal(np.signbit(g)[numbers], np.signbit(e)[numbers]), (g, e, str(graph))


def check(graph, inputs) -> bool:
    """The numba executor agrees with the interpreter; whether it ran the compiled graph (else the lowering
    refused it, saying why, or an input was not C-contiguous and the interpreter ran)."""
    run = numba_exec.executor(graph)
    if run.compiled is None:
        assert "numba rule" in run.fallback or "numba could not" in run.fallback, run.fallback
        return False
    args = [np.asarray(x) for x in inputs]
    with np.errstate(all="ignore"):
        expected = interpreter.run(graph, args)
    assert_same(run(args), expected, graph)
    return run.compiled is not None and all(x.flags.c_contiguous for x in args)


# --- every op, alone ----------------------------------------------------------------------------

RNG = np.random.default_rng(0)


@pytest.mark.parametrize("name", sorted(ops.ELEMENTWISE))
def test_elementwise_op_is_exact_or_refused(name):
    arrays = elementwise_inputs(name, ops.ELEMENTWISE[name])
    integers_only = {"floordiv", "mod"}  # (claimed for signed integers: below; these inputs are floats)
    assert check(one_node(name, arrays), arrays) == (name in CLAIMED - integers_only)


@pytest.mark.parametrize("op, arrays, attrs", STRUCTURE_CASES + [
    ("matmul", [np.asfortranarray(RNG.normal(size=(5, 4))), RNG.normal(size=(4, 3))], {}),
    ("dot", [RNG.normal(size=(5, 4)), RNG.normal(size=(4, 3))], {}),  # (a vector's: refused, the interpreter's)
    ("dot", [RNG.normal(size=(5, 4)), RNG.normal(size=(4,))[::-1]], {}),
    ("sum", [RNG.normal(size=(300,))], dict(axis=None, keepdims=False)),
], ids=lambda v: v if isinstance(v, str) else "")
def test_structure_op_is_exact_or_refused(op, arrays, attrs):
    check(one_node(op, arrays, **attrs), arrays)


@pytest.mark.parametrize("op, attrs", NULLARY_CASES, ids=[c[0] for c in NULLARY_CASES])
def test_constant_op_is_exact(op, attrs):
    from runtime.graph.tensor import bind1

    graph, _ = trace(lambda: bind1(op, [], **attrs) + 0, [])
    assert check(graph, [])


INT_MIN = np.iinfo(np.int32).min


@pytest.mark.parametrize("name", ["floordiv", "mod"])
@pytest.mark.parametrize("dtype", [np.int8, np.int32, np.int64])
def test_integer_division_copies_numpys_zero_divisor_and_overflow(name, dtype):
    low = np.iinfo(dtype).min
    a = np.array([low, low, 7, -7, 7, -7, 0, 5, low], dtype)
    b = np.array([-1, 1, 2, 2, -2, -2, 3, 0, 0], dtype)
    assert check(one_node(name, [a, b]), [a, b])
    scalar = one_node(name, [a[:1].reshape(()), b[:1].reshape(())])
    assert check(scalar, [a[:1].reshape(()), b[:1].reshape(())])


@pytest.mark.parametrize("op", ["max", "min"])
@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("values", [[1.0, -3.0, 2.5], [0.0, -0.0, -1.0], [-0.0, 0.0, 1.0], [1.0, np.nan, 2.0],
                                    [-0.0, -0.0], [np.inf, -np.inf]], ids=str)
def test_float_extremes_keep_numpys_nan_and_sign_of_zero(op, dtype, values):
    x = np.array(values, dtype)
    for shaped in (x, np.tile(x, (40, 1))):  # (long enough for NumPy's SIMD loop)
        assert check(one_node(op, [shaped], axis=None, keepdims=False), [shaped])



@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("special", [np.inf, -np.inf, np.nan, -0.0], ids=str)
def test_float_sums_of_infinities_and_nan_are_numpys_at_every_place_and_length(dtype, special):
    """The pairwise sum's short block started from its first item times 0: an infinite first item made the sum of
    [-inf, 4.0] NaN where NumPy gives -inf (found by test_generated_programs_are_exact)."""
    for length in (1, 2, 3, 7, 8, 9, 16, 17, 130):
        for place in sorted({0, 1, length // 2, length - 1} & set(range(length))):
            x = np.arange(1.0, length + 1.0, dtype=dtype)
            x[place] = special
            assert check(one_node("sum", [x], axis=None, keepdims=False), [x])  # (compiled: float32 sums call NumPy)

# --- the graph corpus: every case numba lowers gives the interpreter's bits ---------------------------

@pytest.mark.parametrize("case", graph_corpus.CASES, ids=lambda c: c.name)
def test_graph_corpus_case_is_exact_under_executor_numba(case):
    compiled, interpreted = autograph.function(case.fn, executor="numba"), autograph.function(case.fn)
    for args in case.inputs():
        try:
            with np.errstate(all="ignore"):
                expected = interpreted(*args)
        except Exception as error:  # noqa: BLE001  (the same error, raised by the interpreter after the compiled run)
            with pytest.raises(type(error)):
                compiled(*args)
            continue
        got = compiled(*args)
        flat_got, flat_expected = (got, expected) if isinstance(got, tuple) else ((got,), (expected,))
        assert_same(tuple(map(np.asarray, flat_got)), flat_expected, case.name)


# --- generated programs: chains of claimed ops over float32 / float64 / int32 -------------------------

BINARY = ["add", "sub", "mul", "truediv", "maximum", "minimum", "lt", "ge"]
UNARY = ["neg", "abs", "sqrt", "floor", "square"]


@st.composite
def programs(draw):
    dtypes = [np.dtype(d) for d in draw(st.lists(st.sampled_from([np.float32, np.float64, np.int32]),
                                                 min_size=2, max_size=3))]
    shape = draw(st.sampled_from([(3,), (2, 3), (5, 4)]))
    steps = draw(st.lists(st.tuples(st.sampled_from(BINARY + UNARY + ["sum", "matmul_t"]),
                                    st.integers(0, 10), st.integers(0, 10)), min_size=1, max_size=6))
    return dtypes, shape, steps


def run_program(dtypes, steps, *xs):
    values = list(xs)
    for op, i, j in steps:
        a, b = values[i % len(values)], values[j % len(values)]
        if op == "sum":
            values.append(np.sum(a) * b)
        elif op == "matmul_t":
            values.append(a @ np.transpose(b) if a.ndim == 2 and b.ndim == 2 else a * b)
        elif op in UNARY:
            values.append(getattr(np, {"neg": "negative", "abs": "absolute"}.get(op, op))(a))
        else:
            fn = {"add": np.add, "sub": np.subtract, "mul": np.multiply, "truediv": np.true_divide,
                  "maximum": np.maximum, "minimum": np.minimum, "lt": np.less, "ge": np.greater_equal}[op]
            values.append(fn(a, b))
    return values[-1]


SPECIALS = st.lists(st.tuples(st.integers(0, 2), st.integers(0, 19), st.sampled_from([np.inf, -np.inf, np.nan])),
                    max_size=3)


@settings(max_examples=int(os.environ.get("AUTOGRAPH_NUMBA_PROGRAM_EXAMPLES", "12")), deadline=None)
@given(programs(), st.integers(0, 2**32 - 1), SPECIALS)
def test_generated_programs_are_exact(program, seed, specials):
    dtypes, shape, steps = program
    rng = np.random.default_rng(seed)
    xs = [(rng.normal(size=shape) * 4).astype(d) for d in dtypes]
    xs[0].flat[0] = -0.0 if dtypes[0].kind == "f" else 0  # signed zeros meet maximum / minimum
    for which, place, value in specials:  # infinities and NaN in float inputs, at any place (sums' first items)
        x = xs[which % len(xs)]
        if x.dtype.kind == "f":
            x.flat[place % x.size] = value
    try:
        graph, _ = trace(lambda *ts: run_program(dtypes, steps, *ts), [TensorSpec(x.shape, x.dtype) for x in xs])
    except (TypeError, ValueError):  # shapes that do not fit (a matmul of (5, 4) by (5, 4).T is fine; others not)
        return
    check(graph, xs)


# --- what numba refuses, and how the executor falls back -------------------------------------------

def test_a_graph_with_an_op_without_a_rule_is_refused_with_the_op_named():
    graph, _ = trace(lambda x: np.exp(x) + 1, [TensorSpec((3,), np.float64)])
    with pytest.raises(Unsupported, match=r"`exp` has no numba rule \(NumPy's SIMD loop and numba's libm"):
        numba_exec.lower(graph)


def test_effects_and_unknown_dims_are_refused():
    from runtime.graph.variables import Variable

    v = Variable(np.zeros(2))
    graph, _ = trace(lambda x: v.assign_add(x), [TensorSpec((2,), np.float64)])
    with pytest.raises(Unsupported, match="has effects"):
        numba_exec.lower(graph)
    graph, _ = trace(lambda x: x * 2, [TensorSpec((None,), np.float64)])
    with pytest.raises(Unsupported, match=r"unknown dims \(f64\[\?\]\)"):
        numba_exec.lower(graph)


def test_float_to_int_casts_and_layouts_numpy_decides_are_refused():
    graph, _ = trace(lambda x: x.astype(np.int32), [TensorSpec((3,), np.float64)])
    with pytest.raises(Unsupported, match=r"`cast` casting float64 to int32 has no numba rule \(NumPy casts NaN"):
        numba_exec.lower(graph)
    # (F + C is C under NumPy, but F + C[:, ::2]-like mixes are not known: a float matmul of one is refused)
    graph, _ = trace(lambda x: (x.T + x[::-1].T) @ x, [TensorSpec((3, 3), np.float64)])
    with pytest.raises(Unsupported, match="memory layout under NumPy is not known"):
        numba_exec.lower(graph)


def test_the_numba_executor_records_why_it_runs_the_interpreter():
    f = autograph.function(lambda x: np.exp(x) * 2, executor="numba")
    np.testing.assert_array_equal(f(np.ones(3)), np.exp(np.ones(3)) * 2)
    (concrete,) = f.concrete_functions
    assert concrete.executor == "numpy"
    assert "`exp` has no numba rule" in concrete._executor.fallback
    g = autograph.function(lambda x: x * 2, executor="numba")
    g(np.ones(3))
    assert g.concrete_functions[0].executor == "numba" and g.concrete_functions[0]._executor.fallback is None


def pick(x, i):
    return x[i] * 2


def test_an_index_out_of_bounds_raises_numpys_own_error_from_the_interpreter():
    f = autograph.function(pick, executor="numba")
    assert f(np.arange(3.0), np.int64(-1)) == 4.0
    with pytest.raises(IndexError, match="index 5 is out of bounds for axis 0 with size 3"):
        f(np.arange(3.0), np.int64(5))
    assert f.concrete_functions[0].executor == "numba"  # (a run that raised leaves the compiled graph in place)


def test_inputs_that_are_not_c_contiguous_run_on_the_interpreter():
    f = autograph.function(lambda x: np.sum(x * 2), executor="numba")
    x = np.arange(12.0).reshape(3, 4)
    assert f(x) == np.sum(x * 2)
    assert f(np.asfortranarray(x)) == np.sum(np.asfortranarray(x) * 2)
    assert f(x[:, ::-1].copy()) == np.sum(x * 2)


def test_executor_numba_without_numba_says_how_to_install_it(monkeypatch):
    import builtins

    real_import = builtins.__import__

    def no_numba(name, *args, **kwargs):
        if name == "numba" or name.startswith("numba."):
            raise ImportError("No module named 'numba'")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_numba)
    with pytest.raises(ImportError, match=r"executor='numba' needs numba, which is not installed: "
                                          r"pip install 'autograph-numpy\[numba\]'"):
        autograph.function(lambda x: x, executor="numba")


def test_an_unknown_executor_names_numba_among_the_choices():
    with pytest.raises(ValueError, match="'numba' \\(compiled with numba\\)"):
        autograph.function(lambda x: x, executor="numbaa")


def test_the_generated_source_is_readable_and_cached_per_graph():
    graph, _ = trace(lambda x: x / 2 + 1, [TensorSpec((3,), np.float64)])
    compiled = numba_exec.lower(graph)
    assert numba_exec.lower(graph) is compiled
    assert compiled.source.startswith("def graph(a0):") and "np.float64(2.0)" in compiled.source


WEIGHTS = np.arange(3.0)


def scaled_weights(n):
    y = WEIGHTS
    i = 0
    while i < n:
        y = y * 2
        i += 1
    return y, WEIGHTS[1:]


def test_a_returned_constant_is_read_only_as_on_the_interpreter_and_a_computed_result_is_writable():
    # Eagerly scaled_weights(0) returns WEIGHTS itself, and a caller's write lands in it. A graph cannot hand out the
    # global, so its constant comes back read-only on every executor: the write fails, where a writable copy would
    # differ from eager unseen (and would change the constant for the next run, were it not a copy).
    for executor in ("numba", "numpy"):
        f = autograph.function(scaled_weights, executor=executor)
        for n in (1, 0, 1, 0):
            looped, view = f(np.int64(n))
            np.testing.assert_array_equal(looped, WEIGHTS * 2 ** n)
            np.testing.assert_array_equal(view, WEIGHTS[1:])
            assert looped.flags.writeable == (n > 0) and not view.flags.writeable, (executor, n)
            if n:
                looped[0] = 100.0  # a computed result is the caller's
            with pytest.raises(ValueError, match="read-only"):
                view[0] = 100.0
        assert f.concrete_functions[0].executor == executor
    np.testing.assert_array_equal(WEIGHTS, [0.0, 1.0, 2.0])


INT64 = np.iinfo(np.int64)
PYTHON_INT_EDGES = (0, 1, -1, 2, -2, 3, 2 ** 31, 3037000499, 3037000500, -3037000500, 2 ** 32, 2 ** 62, -(2 ** 62),
                    INT64.max, INT64.min, INT64.max - 1, INT64.min + 1)
PYTHON_INT_PROGRAMS = {
    "add": (lambda k: int(k[0]) + int(k[1]), lambda a, b: a + b),
    "sub": (lambda k: int(k[0]) - int(k[1]), lambda a, b: a - b),
    "mul": (lambda k: int(k[0]) * int(k[1]), lambda a, b: a * b),
    "pow": (lambda k: int(k[0]) ** 3, lambda a, b: a ** 3),
    "square": (lambda k: int(k[0]) ** 2, lambda a, b: a ** 2),
    "pow63": (lambda k: int(k[0]) ** 63, lambda a, b: a ** 63),
    "left_shift": (lambda k: int(k[0]) << 33, lambda a, b: a << 33),
    "left_shift63": (lambda k: int(k[0]) << 63, lambda a, b: a << 63),
    "neg": (lambda k: -int(k[0]), lambda a, b: -a),
    "abs": (lambda k: abs(int(k[0])), lambda a, b: abs(a)),
}


_PYTHON_INT_FUNCTIONS: dict = {}


def _compiled_or_overflow(f, k):
    try:
        return ("value", int(f(k)))
    except OverflowError:
        return ("overflow", None)


@settings(max_examples=40, deadline=None)
@given(a=st.one_of(st.sampled_from(PYTHON_INT_EDGES), st.integers(INT64.min, INT64.max)),
       b=st.one_of(st.sampled_from(PYTHON_INT_EDGES), st.integers(INT64.min, INT64.max)))
def test_python_ints_compiled_are_pythons_or_an_overflow_error(a, b):
    # The oracle is Python's exact int; compiled, each op checks the wrapped int64 and raises where the exact result
    # leaves it (the executor then runs the interpreter, which raises Python's error at the user's line).
    for name, (fn, python) in PYTHON_INT_PROGRAMS.items():
        if name not in _PYTHON_INT_FUNCTIONS:  # (one trace and compile each, for every example)
            _PYTHON_INT_FUNCTIONS[name] = autograph.function(fn, executor="numba")
        f = _PYTHON_INT_FUNCTIONS[name]
        exact = python(a, b)
        expected = ("value", exact) if INT64.min <= exact <= INT64.max else ("overflow", None)
        assert _compiled_or_overflow(f, np.array([a, b], np.int64)) == expected, (name, a, b)
        assert f.concrete_functions[0].executor == "numba", (name, numba_exec.executor(
            f.concrete_functions[0].graph).fallback)


def count_up(n):
    total, i = 0, 0
    while i < n:
        total += i * i
        i += 1
    return total


def test_a_loop_over_python_ints_compiles_and_its_overflow_is_pythons_error_at_the_users_line():
    f = autograph.function(count_up, executor="numba")
    assert f(np.int64(1000)) == count_up(1000) and f.concrete_functions[0].executor == "numba"
    g = autograph.function(lambda k: int(k[0]) * 4000000000 * 4000000000, executor="numba")
    with pytest.raises(OverflowError, match=r"(?s)Python int too large for the graph.*staged at "
                                            r"\S*test_numba_lowering.py:\d+"):
        g(np.array([3]))
    assert g(np.array([0])) == 0 and g.concrete_functions[0].executor == "numba"


def halve(x):
    while np.sum(x) > 1:
        x = x / 2
    return x


def test_the_module_docstrings_example_is_the_code_that_runs():
    from runtime.numba import lowering

    graph = autograph.function(halve).get_concrete_function(np.ones(1000)).graph
    shown = lowering.__doc__.split("After (")[1].split("::\n\n")[1].split("\n\n")[0]
    assert numba_exec.lower(graph).source == "\n".join(line[4:] for line in shown.splitlines()) + "\n"
