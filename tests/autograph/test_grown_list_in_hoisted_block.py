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
