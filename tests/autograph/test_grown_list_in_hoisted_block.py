"""A list a loop appends to is carried state, and the loop body declares it nonlocal even where the block
that appends to it was hoisted out of the body (converters/hoisting.py): else the body's closure held no
cell for it and staging the loop failed with "autograph bug: the carried variables ['steps'] are in no
body's closure" (found by the coverage corpus: TheAlgorithms' ``newton_raphson`` with ``log_steps``).
"""

from __future__ import annotations

import numpy as np
import pytest

import autograph
from autograph.testing import converted_form


def newton(x0, max_iter, log_steps):
    a = x0
    steps = []
    for _ in range(max_iter):
        if log_steps:
            steps.append(a)
        error = abs(a * a - 2.0)
        if error < 1e-6:
            return a, error, steps
        a -= (a * a - 2.0) / (2 * a)
    raise ArithmeticError("no converging solution found")


def test_the_loop_body_declares_the_list_it_appends_to():
    assert "nonlocal a, do_return, error, retval_, steps" in autograph.to_code(newton)


@pytest.mark.parametrize("executor", ["numpy", "jax"])
def test_a_staged_loop_whose_hoisted_block_appends_matches_eager(executor):
    if executor == "jax":
        pytest.importorskip("jax")
    graph = autograph.function(newton, executor=executor)
    for x0 in (np.float64(1.0), np.float64(3.0)):
        got, expected = graph(x0, 100, False), newton(x0, 100, False)
        np.testing.assert_allclose(got[0], expected[0])
        assert list(got[2]) == expected[2] == []


def test_plain_values_append_as_written():
    with converted_form():
        converted = autograph.convert(newton)
        assert converted(1.0, 100, True) == newton(1.0, 100, True)


def running_sums(r, flag=False):
    if flag:
        out = r
    else:
        acc, out = r[0], []
        for t in range(r.shape[0]):
            acc = acc + r[t]
            out.append(acc)
        out = np.stack(out)
    return out


def test_a_list_a_branch_shares_is_carried_by_the_loop_that_appends_to_it():
    # (The else branch's closure shares `out` with the if branch, so the loop inside saw it as nonlocal, not local,
    # and did not carry it: under JAX the scan stopped at MutatedInStagedBlock and the loop unrolled, warning
    # (flowMC's serial HMC steps, the twelfth JAX corpus).)
    assert "loop_body, ('acc', 'out'))" in autograph.to_code(running_sums)


def test_the_branchs_loop_is_one_scan_under_jax():
    jax = pytest.importorskip("jax")
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        closed = jax.make_jaxpr(autograph.to_graph(running_sums))(jax.numpy.arange(1.0, 6.0))
    assert [e.primitive.name for e in closed.jaxpr.eqns].count("scan") == 1
    np.testing.assert_allclose(jax.jit(autograph.to_graph(running_sums))(jax.numpy.arange(1.0, 6.0)),
                               running_sums(np.arange(1.0, 6.0)))
