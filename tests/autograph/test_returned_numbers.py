"""What a traced function returns for a Python number is a Python number, as eager returns it.

A number the graph computes (``float(np.sum(x))``, ``int(np.argmax(x))``, ``bool(...)``, ``x.sum().item()``,
``np.allclose(x, y)``, arithmetic on them, a staged ``if`` or loop whose every path leaves one) comes back as
``float`` / ``int`` / ``bool`` / ``complex``: ``TensorSpec(python=True)`` in the output spec. A number known at the
trace (``len(x)``, ``x.shape[0] * 2``, ``np.array_equal`` of different shapes) comes back as it was at the trace.
(Graphs returned 0-d arrays or NumPy scalars for all of them: ``is True``, ``isinstance(n, int)`` and ``json``
answered otherwise than eagerly.) The family runs random programs of those pieces, in random containers, as
written and through ``autograph.function`` on each executor and from a saved and loaded graph, and compares
each leaf's type and value.
"""

from __future__ import annotations

import json
import math
import os
import random

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import autograph
from runtime.graph.serialization import FormatError
from runtime.limits import Limitation
from tests import helpers
from tests.helpers import executors, load_f

# Python numbers a graph computes from x (float64[4]) and y (float64[4]) ...
COMPUTED = [
    "float(np.sum(x))", "int(np.argmax(x))", "bool(np.any(x > 1))", "complex(np.sum(y))", "x.sum().item()",
    "x[0].item()", "int(x[1])", "float(np.max(y))", "np.allclose(x, y)", "np.allclose(x, x)",
    "np.array_equal(x, y)", "np.array_equal(x, x, equal_nan=True)", "round(float(x[2]))", "abs(float(y[0]))",
    "max(float(x[0]), float(y[0]))", "int(np.count_nonzero(x > 0))", "bool(x[3] > y[3])",
]
# ... numbers known at the trace ...
STATIC = ["len(x)", "x.shape[0] * 2", "x.ndim", "x.size / 2", "np.array_equal(x, x[:2])", "3", "2.5", "True"]
# ... and what Python does with them.
COMBINE = ["{a} + {b}", "{a} * 2", "{a} - 1.5", "-{a}", "{a} // 3 if isinstance({a}, int) else {a}",
           "{a} == {b}", "{a} < {b}", "{a} + 1", "not {a}", "{a}", "{a} / {b}", "{a} % 3", "{a} ** 2", "{a} & {b}",
           "~{a}", "abs({a})", "{a} and {b}", "{a} or {b}", "{a} if {b} else 0", "int({a})", "{a} >= 1.5"]
EXAMPLES = int(os.environ.get("AUTOGRAPH_NUMBERS_EXAMPLES", "40"))
SHAPES = ["return {a}", "return ({a}, {b})", "return [{a}, x * 2, {b}]", "return {{'a': {a}, 'b': ({b}, np.sum(x))}}"]


# Pieces whose Python type may depend on the values (Python returns an operand, of its own type): a graph returns
# what they give as a 0-d array, with the value eager gives (python_kinds.py).
PATH_DEPENDENT = (" and ", " or ", " if ", "max(")


def number(r: random.Random, depth: int = 0) -> str:
    if depth >= 2 or r.random() < 0.4:
        return f"({r.choice(COMPUTED + STATIC)})"
    return "(" + r.choice(COMBINE).format(a=number(r, depth + 1), b=number(r, depth + 1)) + ")"


def program(seed: int) -> str:
    r = random.Random(seed)
    lines = ["def f(x, y):"]
    if r.random() < 0.4:  # a staged `if` whose branches each leave a Python number of one type
        kind = r.choice(["float", "int", "bool"])
        lines += ["    if np.sum(x) > np.sum(y):", f"        s = {kind}(np.sum(x))", "    else:",
                  f"        s = {kind}(np.min(y))"]
        extra = "s"
    elif r.random() < 0.3:  # a staged loop counting in a Python int
        lines += ["    s = 0", "    while s < np.sum(x):", "        s += 1"]
        extra = "s"
    else:
        extra = number(r)
    lines.append("    " + r.choice(SHAPES).format(a=number(r), b=extra))
    return "\n".join(lines) + "\n"


def inputs(seed: int) -> tuple:
    r = np.random.default_rng(seed)
    x = r.choice([-2.0, -0.5, 0.0, 1.0, 1.5, 3.0], size=4)
    return x, (x.copy() if seed % 3 == 0 else r.choice([-1.0, 0.0, 2.0, 4.0], size=4))


def same_leaves(got, want, where: str = "result", strict: bool = True) -> None:
    """The same structure, and each leaf of the same type with the same value (a float by its bits, NaN equal).
    Not ``strict``: a Python number may come back as a 0-d array of its value (a path-dependent type)."""
    if not strict and type(got) is np.ndarray and got.shape == () and type(want) in (bool, int, float, complex):
        assert got.item() == want or (want != want and got != got), f"{where}: {got!r}, eagerly {want!r}"
        return
    assert type(got) is type(want), f"{where}: {type(got).__name__} {got!r}, eagerly {type(want).__name__} {want!r}"
    if isinstance(want, (tuple, list)):
        assert len(got) == len(want), where
        for k, (g, w) in enumerate(zip(got, want)):
            same_leaves(g, w, f"{where}[{k}]", strict)
    elif isinstance(want, dict):
        assert list(got) == list(want), where
        for k in want:
            same_leaves(got[k], want[k], f"{where}[{k!r}]", strict)
    elif isinstance(want, np.ndarray):
        assert got.dtype == want.dtype and got.shape == want.shape, where
        np.testing.assert_array_equal(got, want)
    elif isinstance(want, (float, complex)) and not isinstance(want, np.generic):
        assert repr(got) == repr(want) or (got != got and want != want), f"{where}: {got!r}, eagerly {want!r}"
    else:
        assert got == want, f"{where}: {got!r}, eagerly {want!r}"


def outcome(f, *args):
    try:
        return f(*args)
    except Exception as error:  # (eager and graph raise the same class: ZeroDivisionError, ...)
        return type(error)


@pytest.mark.parametrize("executor", executors())
@settings(max_examples=EXAMPLES, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 10**6))
def test_python_numbers_come_back_as_python_numbers(executor, seed):
    source = program(seed)
    f = load_f(source, "returned-numbers")
    x, y = inputs(seed)
    want = outcome(f, x, y)
    got = outcome(autograph.function(f, executor=executor), x, y)
    strict = not any(piece in source for piece in PATH_DEPENDENT)
    if isinstance(want, type):  # (or a refusal by name, of something before it)
        assert got is want or (isinstance(got, type) and issubclass(got, Limitation)), \
            f"{source}\nraised {want.__name__} eagerly, graph gave {got!r}"
        return
    if isinstance(got, type) and issubclass(got, Limitation):
        return  # a refusal by name (`float and bool` of traced values: a staged value has one dtype), not an answer
    same_leaves(got, want, f"{source}\nresult", strict=strict)


@pytest.mark.parametrize("seed", range(12))
def test_a_saved_graph_returns_the_python_numbers_too(seed, tmp_path):
    source = program(seed)
    f = load_f(source, "returned-numbers-saved")
    x, y = inputs(seed)
    want = outcome(f, x, y)
    if isinstance(want, type):
        return
    spec = autograph.TensorSpec((4,), np.float64)
    concrete = autograph.function(f).get_concrete_function(spec, spec)
    autograph.save(concrete, tmp_path / "f")
    same_leaves(autograph.load(tmp_path / "f")(x, y), want, f"{source}\nloaded result",
                strict=not any(piece in source for piece in PATH_DEPENDENT))


def reports(x):
    total = float(np.sum(x))
    return {"total": total, "positive": bool(total > 0), "argmax": int(np.argmax(x)), "close": np.allclose(x, 1.0),
            "n": len(x)}


@pytest.mark.parametrize("executor", executors())
def test_a_report_of_python_numbers_is_json_and_answers_is_true_as_eagerly(executor):
    x = np.array([0.5, 2.0, -1.0])
    got = autograph.function(reports, executor=executor)(x)
    assert json.dumps(got) == json.dumps(reports(x))
    assert got["positive"] is True and got["close"] is False and isinstance(got["argmax"], int)
    assert math.isclose(got["total"], 1.5) and type(got["total"]) is float


def test_the_output_spec_says_which_results_are_python_numbers():
    spec = autograph.function(reports).get_concrete_function(autograph.TensorSpec((3,), np.float64)).output_spec
    assert spec["total"] == autograph.TensorSpec((), np.float64, python=True)
    assert spec["positive"] == autograph.TensorSpec((), bool, python=True)
    assert spec["n"] == 3  # known at the trace: returned as it was
    assert repr(spec["argmax"]) == "TensorSpec(shape=(), dtype=int64, python=True)"


def test_a_graph_computed_python_bool_answers_type_and_arithmetic_as_python():
    def f(x):
        close = np.allclose(x, 1.0)
        return close + 1, type(close) is bool, np.array_equal(x, x[:1])

    x = np.ones(3)
    got = autograph.function(f)(x)
    assert got == (2, True, False) and type(got[0]) is int and got == f(x)


@pytest.mark.parametrize("args, message", [
    (((3,), np.float64), "only a 0-d spec of dtype bool, int64, float64 or complex128"),
    (((), np.float32), "only a 0-d spec of dtype bool, int64, float64 or complex128"),
])
def test_a_python_number_spec_must_be_a_0d_python_dtype(args, message):
    with pytest.raises(ValueError, match=message):
        autograph.TensorSpec(*args, python=True)


def test_a_saved_spec_with_a_bad_python_flag_is_a_format_error():
    from runtime.graph import serialization

    decoder = serialization._Decoder([], [], set())
    with pytest.raises(FormatError, match="a spec's python is 'yes', not true, false or absent"):
        decoder.value({"$": "spec", "shape": [], "dtype": "float64", "python": "yes"})
    with pytest.raises(FormatError, match="a spec that stands for no value: .*only a 0-d spec of dtype bool"):
        decoder.value({"$": "spec", "shape": [2], "dtype": "float64", "python": True})
    old = decoder.value({"$": "spec", "shape": [], "dtype": "float64"})  # a file from before: no "python"
    assert old == autograph.TensorSpec((), np.float64) and not old.python


def test_the_signature_shows_a_python_number_as_one():
    concrete = autograph.function(reports).get_concrete_function(autograph.TensorSpec((3,), np.float64))
    assert "'total': Python float, 'positive': Python bool, 'argmax': Python int" in concrete.pretty_printed_signature()


def path_dependent(x):
    n = x[0].item() if np.sum(x) > 0 else 0  # a float on one path, an int on the other
    return n, max(float(x[1]), int(x[2]))


def inverted(x):
    n = x[0].item() if np.sum(x) > 0 else 0
    return ~n  # Python: an int's ~ on one path, a TypeError on the other


@pytest.mark.parametrize("x", [np.array([1.5, 2.0, 3.0]), np.array([-1.5, -2.0, -3.0])])
def test_a_number_of_a_path_dependent_type_comes_back_as_eagers_or_for_max_a_0d_array_of_eagers_value(x):
    got, want = autograph.function(path_dependent)(x), path_dependent(x)
    # A staged `if`'s float or int: the run's own (runtime/graph/path_types.py).
    assert type(got[0]) is type(want[0]) and got[0] == want[0]
    # max of a float and an int: a where the graph does not follow per path (docs/functions.md).
    assert type(got[1]) is np.ndarray and got[1].shape == () and got[1].item() == want[1]


def test_an_operator_that_one_of_a_path_dependent_numbers_types_refuses_is_refused_by_name():
    assert inverted(np.array([-1.0, -2.0])) == -1
    with pytest.raises(Limitation, match=r"test_returned_numbers.py:\d+: bad operand type for unary ~: 'float', "
                                         r"for the Python type this number has "
                                         r"on one path of the trace; its type depends on the path taken"):
        autograph.function(inverted)(np.array([-1.0, -2.0]))


def test_under_backend_jax_a_number_known_at_the_trace_comes_back_as_eagers_too():
    """backend="jax" returns JAX arrays for what the trace computes, and a Python number known at the trace as eager
    code returns it (jax.jit would give a 0-d array: docs/jax.md)."""
    if not helpers.jax_usable():
        pytest.skip("JAX is not installed")
    import jax.numpy as jnp

    def counted(x):
        i = 0
        while i < 3:  # (Python ints: the loop runs in Python while tracing)
            x = x * 2
            i += 1
        return x, i, "done"

    got = autograph.function(counted, backend="jax")(jnp.float32(1.0))
    assert type(got[1]) is int and got[1:] == (3, "done")
    assert float(got[0]) == 8.0 and not isinstance(got[0], (int, float, np.ndarray))
