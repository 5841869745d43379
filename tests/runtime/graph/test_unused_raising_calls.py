"""A NumPy call made for its error only (its result unused) raises in the graph as eagerly.

Execution is non-strict (docs/graphs.md): a node no output needs does not run. But NumPy's linear algebra raises
``LinAlgError`` on values alone, and programs call it for that error: ``np.linalg.cholesky(X)`` as the test of a
positive definite ``X``, with its result dropped, in a ``try`` whose ``except`` gives the answer. The graph dropped the
node, so the ``try`` body's answer stood: ``True`` for an indefinite matrix (numpy-ml's
``is_symmetric_positive_definite``), and a value where eager code raises. Now such a node runs (``Effects.strict``),
and so does any node made inside a running ``try`` whose ``except`` catches its error (``HandlerNotRun`` when it
fails). Each program runs on every path: as written, its converted form on plain values, both executors."""

from __future__ import annotations

import numpy as np
import pytest
import scipy.linalg

import autograph
from autograph.testing import converted_form
from runtime.limits import HandlerNotRun
from tests.helpers import jax_usable

PD = np.array([[4.0, 1.0], [1.0, 3.0]])
INDEFINITE = np.array([[1.0, 2.0], [2.0, 1.0]])
SINGULAR = np.array([[1.0, 2.0], [2.0, 4.0]])


def cholesky_as_a_check(X):
    np.linalg.cholesky(X)
    return X.sum()


def is_positive_definite(X):
    try:
        np.linalg.cholesky(X)
        return True
    except np.linalg.LinAlgError:
        return False


def inverse_checked_then_scaled(A):
    np.linalg.inv(A)
    return A * 2.0


def solve_checked_in_a_python_branch(A, check):
    if check:
        np.linalg.solve(A, np.ones(2))
    return A[0, 0] + 1.0


def inverse_checked_in_a_staged_branch(A):
    if A.sum() > 0:
        np.linalg.inv(A)
        y = 1.0
    else:
        y = 2.0
    return y


def cholesky_checked_in_a_loop(A, n):
    total = 0.0
    for i in range(n):
        np.linalg.cholesky(A - i * np.eye(2))
        total += i
    return total


def cholesky_checked_in_a_staged_loop(A, n):
    total = 0.0
    i = 0
    while i < n:  # (n traced: a staged loop, which may run no iteration, where the check must not run)
        np.linalg.cholesky(A)
        total += 1.0
        i += 1
    return total


def scipy_cholesky_as_a_check(X):
    scipy.linalg.cholesky(X)
    return X.trace()


def item_read_as_a_check(x, k):
    try:
        x[np.argmax(x) + k]
        return 1.0
    except IndexError:
        return 0.0


def least_squares_without_residuals(A, b):
    try:
        solution, _, rank, _ = np.linalg.lstsq(A, b, rcond=None)
        return solution * rank
    except np.linalg.LinAlgError:
        return np.zeros(2)


CASES = [
    (cholesky_as_a_check, (PD,)), (cholesky_as_a_check, (INDEFINITE,)),
    (is_positive_definite, (PD,)), (is_positive_definite, (INDEFINITE,)),
    (inverse_checked_then_scaled, (PD,)), (inverse_checked_then_scaled, (SINGULAR,)),
    (solve_checked_in_a_python_branch, (SINGULAR, True)), (solve_checked_in_a_python_branch, (SINGULAR, False)),
    (inverse_checked_in_a_staged_branch, (PD,)), (inverse_checked_in_a_staged_branch, (SINGULAR,)),
    (cholesky_checked_in_a_loop, (PD, 2)), (cholesky_checked_in_a_loop, (PD, 4)),
    (cholesky_checked_in_a_staged_loop, (INDEFINITE, np.int64(0))),
    (cholesky_checked_in_a_staged_loop, (INDEFINITE, np.int64(2))),
    (scipy_cholesky_as_a_check, (PD,)), (scipy_cholesky_as_a_check, (INDEFINITE,)),
    (item_read_as_a_check, (np.array([1.0, 3.0, 2.0]), 1)), (item_read_as_a_check, (np.array([1.0, 3.0, 2.0]), 2)),
    (least_squares_without_residuals, (SINGULAR, np.ones(2))), (least_squares_without_residuals, (PD, np.ones(2))),
]
IDS = [f"{fn.__name__}-{i % 2}" for i, (fn, _) in enumerate(CASES)]


def _outcome(call):
    try:
        return "value", call()
    except Exception as error:  # noqa: BLE001  (the outcome compared)
        return "raise", type(error)


def _same(got, want, rounding: bool = False) -> bool:
    """The same outcome (bit for bit; to rounding where ``rounding``: XLA's SVD of lstsq is not LAPACK's)."""
    if got[0] != want[0]:
        return False
    if got[0] == "raise":
        return got[1] is want[1]
    if rounding:
        return np.allclose(got[1], want[1], rtol=1e-12, atol=0.0)
    return np.array_equal(np.asarray(got[1]), np.asarray(want[1]))


def _caught(fn, args) -> bool:
    """Whether eager code took an ``except`` of the program's (the graph then refuses, it cannot run it)."""
    return fn in (is_positive_definite, item_read_as_a_check, least_squares_without_residuals) and not _same(
        _outcome(lambda: fn(*args)), _outcome(lambda: _without_handler(fn)(*args)))


def _without_handler(fn):
    """What ``fn``'s ``try`` body alone gives: eager code took its ``except`` where this raises."""
    bodies = {
        is_positive_definite: lambda X: (np.linalg.cholesky(X), True)[1],
        item_read_as_a_check: lambda x, k: (x[np.argmax(x) + k], 1.0)[1],
        least_squares_without_residuals: lambda A, b: (lambda s: s[0] * s[2])(np.linalg.lstsq(A, b, rcond=None)),
    }
    return bodies[fn]


@pytest.mark.parametrize(("fn", "args"), CASES, ids=IDS)
def test_the_converted_function_on_plain_values_is_the_originals(fn, args) -> None:
    want = _outcome(lambda: fn(*args))
    converted = autograph.convert(fn)
    assert _same(_outcome(lambda: converted(*args)), want)
    with converted_form():
        assert _same(_outcome(lambda: converted(*args)), want)
    if jax_usable():  # inside a JAX trace, where converted functions run their converted form too
        import jax
        import jax.numpy as jnp

        seen = []
        jax.make_jaxpr(lambda: (seen.append(_outcome(lambda: converted(*args))), jnp.zeros(()))[1])()
        assert _same(seen[0], want)


@pytest.mark.parametrize("executor", ["numpy", "jax"])
@pytest.mark.parametrize(("fn", "args"), CASES, ids=IDS)
def test_the_graph_raises_as_eagerly_or_refuses_the_except_it_cannot_run(fn, args, executor: str) -> None:
    if executor == "jax" and not jax_usable():
        pytest.skip("JAX is not installed")
    want = _outcome(lambda: fn(*args))
    got = _outcome(lambda: autograph.function(fn, executor=executor)(*args))
    if _caught(fn, args):
        assert got == ("raise", HandlerNotRun), (want, got)
    else:
        assert _same(got, want, rounding=executor == "jax"), (want, got)


def test_a_refused_except_names_the_call_and_the_try() -> None:
    with pytest.raises(HandlerNotRun, match=r"test_unused_raising_calls.py:\d+: .*cholesky.* raised LinAlgError .*"
                                            r"Test the condition yourself"):
        autograph.function(is_positive_definite)(INDEFINITE)


def test_an_unused_checked_call_is_a_node_that_runs() -> None:
    function = autograph.function(cholesky_as_a_check)
    function(PD)
    assert any(node.op == "cholesky" for node in function.concrete_functions[0].graph.nodes)
