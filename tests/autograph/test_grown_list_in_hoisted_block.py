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



def reorder(strs):
    # pyparsing's one_of (helpers.py): a list an inner loop inserts into, inside a `while`, inside the branch an early
    # return made. An attempt to carry such lists in every branch's loops (stop 44) declared it a local of that branch
    # and broke this function's converted form (UnboundLocalError): the shape is pinned here.
    symbols: list[str]
    symbols = strs.split()
    if not symbols:
        return None
    i = 0
    while i < len(symbols) - 1:
        cur = symbols[i]
        for j, other in enumerate(symbols[i + 1:]):
            if other == cur:
                del symbols[i + j + 1]
                break
            if len(other) > len(cur) and other.startswith(cur):
                del symbols[i + j + 1]
                symbols.insert(i, other)
                break
        else:
            i += 1
    return symbols


def test_a_list_an_inner_loop_inserts_into_under_an_early_return_runs_as_written():
    with converted_form():
        assert autograph.convert(reorder)("a ab b a abc") == reorder("a ab b a abc") == ["abc", "ab", "a", "b"]


def _scan_steps(step, carry, n):  # stands for jax.lax.scan in the branch that does not loop in Python
    firsts, seconds = [], []
    for _ in range(n):
        carry, (first, second) = step(carry)
        firsts.append(first)
        seconds.append(second)
    return carry, (firsts, seconds)


class Steps:
    # flowMC's TakeSerialSteps.sample: a static `if` on a setting whose other branch binds the lists through a
    # call's result (their type unknown, so their `append` is wrapped in ag__.call), a loop appending to them in
    # the else branch (the lists were found only before call_trees wrapped the appends: stop 45)
    def __init__(self, loop):
        self.loop = loop

    def sample(self, step, x, n):
        if self.loop == "library":
            carry, (firsts, seconds) = _scan_steps(step, x, n)
        else:
            carry = x
            firsts, seconds = [], []
            for _ in range(n):
                carry, (first, second) = step(carry)
                firsts.append(first)
                seconds.append(second)
        return carry, firsts, seconds

    def nested(self, step, x, n):
        # an inner loop's list rebound to an array under its own name, inside an outer loop (flowMC's MALA kernel)
        total = x
        for _ in range(n):
            proposal = []
            for k in range(3):
                total, (p, _) = step(total + k)
                proposal.append(p)
            proposal = sum(proposal)
            total = total + proposal
        return total


def _step(c):
    return c * 0.5 + 1.0, (c, c - 1.0)


@pytest.mark.parametrize("method", ["sample", "nested"])
def test_a_list_a_branchs_loop_appends_to_is_carried_under_jax(method):
    jax = pytest.importorskip("jax")
    import warnings

    jnp = jax.numpy
    run = getattr(Steps("python"), method)
    converted = autograph.convert(run)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # an unrolled loop warns (UnrolledLoopWarning): it must be one scan
        staged = jax.jit(lambda x: converted(_step, x, 4))(jnp.arange(3.0))
        jaxpr = str(jax.make_jaxpr(lambda x: converted(_step, x, 4))(jnp.arange(3.0)))
    want = run(_step, np.arange(3.0), 4)
    for got, expected in zip(jax.tree_util.tree_leaves(staged), jax.tree_util.tree_leaves(want)):
        np.testing.assert_allclose(np.asarray(got), np.asarray(expected))
    assert "scan" in jaxpr


def reorder_bound_in_branches(strs):
    # pyparsing's one_of as written: the list is bound in the branches of an isinstance if/elif whose else raises
    # (so nothing before the early return binds it for certain), and an inner loop inserts into it. Binding it in
    # the branch the early return made (`symbols: object` there, stop 45's first attempt) made it a new, empty
    # variable of that branch: UnboundLocalError.
    symbols: list[str]
    if isinstance(strs, str):
        symbols = strs.split()
    elif isinstance(strs, list):
        symbols = list(strs)
    else:
        raise TypeError("Invalid argument to one_of, expected string or iterable")
    if not symbols:
        return None
    i = 0
    while i < len(symbols) - 1:
        cur = symbols[i]
        for j, other in enumerate(symbols[i + 1:]):
            if other == cur:
                del symbols[i + j + 1]
                break
            if len(other) > len(cur) and other.startswith(cur):
                del symbols[i + j + 1]
                symbols.insert(i, other)
                break
        else:
            i += 1
    return " | ".join(symbols)


@pytest.mark.parametrize("strs", ["a ab b a abc", ["x", "xy"], ""])
def test_a_list_bound_in_branches_and_grown_under_an_early_return_runs_as_written(strs):
    with converted_form():
        got = autograph.convert(reorder_bound_in_branches)(strs)
    assert got == reorder_bound_in_branches(strs)
