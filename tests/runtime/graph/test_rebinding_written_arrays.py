"""An array written in place in one branch of a staged ``if`` and rebound in the other, and names bound to
one array before a staged loop. Differential against eager NumPy.

A staged ``if`` joins a variable into a new value. When a branch wrote into the array the variable held and
the other rebound it, later writes through the name reach the array in NumPy on one path only: the graph
accepts that only when nothing but the variable refers to the array (runtime/graph/control_flow.py,
``_unshared``: no other name, view, container, caller), so that no program can tell. Everything else is
refused by name. A loop carrying two names bound to one array (``prev = lam`` before it) is no write.
"""

from __future__ import annotations

import numpy as np
import pytest

import autograph
from autograph.testing import assert_matches_eager
from runtime.graph import control_flow
from runtime.staging import StagingError

GRAPH = ("graph", "xla")  # JAX's own jit of the converted code refuses writes into traced arrays


def quaternion_like(M):  # the shape of transformations.quaternion_from_matrix(..., isprecise=True)
    q = np.zeros((4,))
    t = np.trace(M)
    if t > M[3, 3]:
        q[0] = t
        q[3] = M[1, 0] - M[0, 1]
    else:
        q[1] = t
        q[2] = M[0, 2] - M[2, 0]
        q = q[[3, 0, 1, 2]]
    q *= 0.5 / np.sqrt(abs(t * M[3, 3]) + 1.0)  # a write through the name after the `if`
    return q


def made_from_the_argument(x):
    y = x * 1
    if x.sum() > 0:
        y = y * 2
    else:
        y[0] = 1.0
    y += 1.0
    return y


def written_in_both_rebound_in_one(x):
    y = np.ones_like(x)
    if x[0] > 0:
        y[1] = x[0]
    else:
        y[0] = x[1]
        y = y[::-1].copy()
    y[2] = 7.0
    return y


POSITIVE = np.diag([2.0, 1.0, 1.0, 0.5])
NEGATIVE = np.diag([-2.0, -1.0, -1.0, 0.5])


@pytest.mark.parametrize("fn, args", [
    (quaternion_like, (POSITIVE,)),
    (quaternion_like, (NEGATIVE,)),
    (made_from_the_argument, (np.array([1.0, 2.0, 3.0]),)),
    (made_from_the_argument, (np.array([-1.0, -2.0, -3.0]),)),
    (written_in_both_rebound_in_one, (np.array([1.0, 2.0, 3.0]),)),
    (written_in_both_rebound_in_one, (np.array([-1.0, 2.0, 3.0]),)),
])
def test_an_array_only_its_variable_refers_to_may_be_written_in_one_branch_and_rebound_in_the_other(fn, args):
    if not control_flow.COUNTS_REFERENCES:  # (another Python: refused, never guessed)
        with pytest.raises(StagingError, match="something else still refers to that array"):
            autograph.function(fn)(*args)
        return
    assert_matches_eager(fn, *args, backends=GRAPH)


# --- something else refers to the array: refused, whichever path the inputs take -----------------------

def alias_kept(M):
    q = np.zeros((4,))
    kept = q  # the if branch's write shows through `kept` in NumPy; the else branch's new q does not
    if np.trace(M) > M[3, 3]:
        q[0] = 1.0
    else:
        q = q[[3, 0, 1, 2]]
    q *= 2.0
    return q, kept


def argument_written(q, M):
    if np.trace(M) > M[3, 3]:
        q[0] = 1.0  # the caller's array
    else:
        q = q[[3, 0, 1, 2]]
    q *= 2.0
    return q


def container_holds_it(M):
    q = np.zeros((4,))
    box = [q]
    if np.trace(M) > M[3, 3]:
        q[0] = 1.0
    else:
        q = q[[3, 0, 1, 2]]
    q *= 2.0
    return q, box[0]


def view_kept(M):
    q = np.zeros((4,))
    head = q[:2]
    if np.trace(M) > M[3, 3]:
        q[0] = 1.0
    else:
        q = q[[3, 0, 1, 2]]
    q *= 2.0
    return q, head


def alias_made_in_the_writing_branch(M):
    q = np.zeros((4,))
    if np.trace(M) > M[3, 3]:
        q[0] = 1.0
        p = q
    else:
        p = q * 0
        q = q[[3, 0, 1, 2]]
    q *= 2.0
    return q, p


REFUSED = "is written in place in the if branch of a staged `if` but rebound to another array in the other"


@pytest.mark.parametrize("fn, args", [
    (alias_kept, (POSITIVE,)),
    (argument_written, (np.zeros(4), POSITIVE)),
    (container_holds_it, (POSITIVE,)),
    (view_kept, (POSITIVE,)),
    (alias_made_in_the_writing_branch, (POSITIVE,)),
])
def test_an_array_something_else_refers_to_is_refused(fn, args):
    with pytest.raises(StagingError) as caught:
        autograph.function(fn)(*args)
    message = str(caught.value)
    assert "'q' " + REFUSED in message or "'p' " + REFUSED in message  # (p: it holds the array too)
    assert "something else still refers to that array (another name, a view, a container, or the caller" in message
    assert f"{__file__}:" in message


def test_the_refused_programs_really_differ_by_path_in_numpy():
    # The oracle for the refusals: through `kept`, NumPy shows the write on one path only.
    q, kept = alias_kept(POSITIVE)
    assert kept is q and kept[0] == 2.0
    q, kept = alias_kept(NEGATIVE)
    assert kept is not q and not kept.any()


# --- names bound to one array before a staged loop ------------------------------------------------------

def alias_before_a_loop(x):
    a = x.sum()
    b = a
    n = 0
    while np.abs(a) > 1e-3 and n < 50:
        a = a / 2
        n += 1
        b = a
    return a, b


def power_iteration_like(m, v):  # the shape of TheAlgorithms' power_iteration (lambda_previous = lambda_)
    done = False
    previous = 0
    iterations = 0
    while not done:
        v = m @ v
        v = v / np.linalg.norm(v)
        lam = v @ (m @ v)
        iterations += 1
        if np.abs(lam - previous) <= 1e-12 or iterations >= 100:
            done = True
        previous = lam
    return float(lam), v


def alias_written_then_one_rebound(x):
    a = x * 1
    b = a
    while a[0] < 5.0:
        a[0] += 1.0  # reaches b too while b is still that array (its first iteration, in NumPy)
        b = b + 1.0
    return a, b


def aliases_both_written(x):
    a = x * 1
    b = a
    while a[0] < 5.0:
        a[0] += 1.0
        b[1] += 2.0
    return a, b


@pytest.mark.parametrize("fn, args", [
    (alias_before_a_loop, (np.array([1.0, 2.0]),)),
    (power_iteration_like, (np.array([[2.0, 1.0], [1.0, 3.0]]), np.array([1.0, 0.5]))),
    (aliases_both_written, (np.array([1.0, 0.0]),)),
])
def test_names_bound_to_one_array_before_a_loop_are_no_write(fn, args):
    assert_matches_eager(fn, *args, backends=GRAPH, rtol=1e-12)  # (rtol: XLA's own rounding, xla only)


def test_a_write_through_one_alias_then_rebinding_the_other_in_a_loop_is_refused():
    # NumPy: the first iteration's write into `a` shows through `b`, later ones do not.
    with pytest.raises(StagingError, match="'b' is written in place inside this while loop and then rebound"):
        autograph.function(alias_written_then_one_rebound)(np.array([1.0, 0.0]))


# (Written in place inside a loop, then rebound, is still refused: test_writes.py's
# test_writing_in_place_then_rebinding_in_a_loop_is_an_error.)
