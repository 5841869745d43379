"""Variables a staged ``if`` binds on one path only: no error where no path reads them after the ``if``.

A staged ``if`` traces both branches and joins what they leave in the variables read after it. A
variable that only one path binds (a ``raise`` ends the others; an early ``return`` leaves the rest
of the function to the other branch) or that a branch reads first but nothing reads after the ``if``
(``tol = tol or 0.5`` after ``if x.size == 0: return 0.0``) is put back between the branches and
never joined (``ag__.if_stmt``'s ``dead`` names; autograph/converters/carried_state.py). Where such
a variable IS read later on a path that may leave it unbound, the graph keeps its clear error (Python
would raise ``UnboundLocalError`` on that path only). Differential against eager NumPy (skimage's
``threshold_li`` is the model: tests/coverage/corpus_image.py).
"""

from __future__ import annotations

import sys

import numpy as np
import pytest

import autograph
from autograph.testing import assert_matches_eager
from runtime.staging import StagingError

GRAPH = ("graph", "xla")  # a boolean mask's result has a run-time size: JAX's own jit cannot stage it


def early_return_then_default(x, tol=None):
    x = x[x > 0]
    if x.size == 0:
        return 0.0
    tol = tol or np.sum(x) / 4  # None before the `if`, a tensor on one path: read first, dead after
    return np.sum(x) + tol


def raise_ends_a_path(x):
    if x.sum() > 0:
        return x * 0
    mode = "a" if x.shape[0] > 2 else "b"
    if mode == "a":
        t = np.mean(x)
    elif mode == "b":
        t = np.max(x)
    else:
        raise ValueError(f"bad mode {mode}")  # ends its path: t is bound on every path that goes on
    return x + t


def dead_python_value(x):
    label = None
    if x.sum() > 0:
        return x
    label = label or "negative"  # None or a str: no staged value could hold it, and none needs to
    return x * len(label)


def branch_reads_what_the_other_writes(x):
    t = 1.0
    if x.sum() > 0:
        t = "unused"
        return x
    return x * t  # the else path reads t from before the `if`, not the if branch's


def default_with_an_in_place_write(x, tol=None):
    z = np.zeros_like(x)
    if x.sum() > 0:
        z[0] = 1.0  # a write into a tensor from before the `if`: both branches are traced again
        tol = tol or 0.5
        s = tol
    else:
        s = 0.0
    return z + s


def early_return_in_a_loop(x):
    i = 0
    while i < x.shape[0]:
        if x[i] > 0.5:
            t = x[i] * 2  # bound only on the path that returns it
            return t
        i += 1
    return -1.0


def one_path_temporary_in_a_loop(x):
    total = 0.0
    for k in range(x.shape[0]):
        if x[k] > 0:
            t = x[k] * 2
            total = total + t
    return total


@pytest.mark.parametrize("fn, args, backends", [
    (early_return_then_default, (np.array([0.5, -1.0, 2.0, 0.25]),), GRAPH),
    (early_return_then_default, (np.array([-0.5, -1.0]),), GRAPH),
    (raise_ends_a_path, (np.array([-1.0, -2.0, -3.0]),), None),
    (raise_ends_a_path, (np.array([-1.0, -2.0]),), None),
    (raise_ends_a_path, (np.array([1.0, 2.0]),), None),
    (dead_python_value, (np.array([-1.0, -2.0]),), None),
    (dead_python_value, (np.array([1.0, 2.0]),), None),
    (branch_reads_what_the_other_writes, (np.array([-1.0, -2.0]),), None),
    (branch_reads_what_the_other_writes, (np.array([1.0, 2.0]),), None),
    (default_with_an_in_place_write, (np.array([1.0, 2.0]),), GRAPH),  # (JAX's jit writes no traced array)
    (default_with_an_in_place_write, (np.array([-1.0, -2.0]),), GRAPH),
    (early_return_in_a_loop, (np.array([0.1, 0.7, 0.2]),), None),
    (early_return_in_a_loop, (np.array([0.1, 0.2]),), None),
    (one_path_temporary_in_a_loop, (np.array([1.0, -2.0, 3.0]),), None),
])
def test_a_variable_no_path_reads_after_the_if_is_no_error(fn, args, backends):
    if backends is None:
        assert_matches_eager(fn, *args)
    else:
        assert_matches_eager(fn, *args, backends=backends)


def test_the_dead_variables_are_named_apart_in_the_converted_code():
    code = autograph.to_code(early_return_then_default)
    assert "ag__.if_stmt(x.size == 0, if_body, else_body, ('retval_',), ('tol',))()" in code


# --- a variable read later on a path that may leave it unbound: the clear error stays ----------------

def read_after_one_path(x):
    if x.sum() > 0:
        t = x * 2
    return t  # unbound when the sum is not positive: Python raises there, a graph cannot


def read_on_a_later_path(x, flag):
    if x.sum() > 0:
        t = x * 2
    if flag:  # the same test in eager code would never read it unbound; the graph cannot know
        return t
    return x


ONE_BRANCH = ("'t' is assigned in the if branch but not in the else branch of a staged `if`; both branches "
              "must give it a value: assign t before the `if`, or in both branches")


@pytest.mark.parametrize("fn, args", [
    (read_after_one_path, (np.ones(3),)),
    (read_on_a_later_path, (np.ones(3), False)),
])
def test_a_variable_read_later_where_it_may_be_unbound_is_refused_by_name(fn, args):
    with pytest.raises(StagingError) as caught:
        autograph.function(fn)(*args)
    assert ONE_BRANCH in str(caught.value)
    assert f"{__file__}:" in str(caught.value)


def test_read_after_one_path_is_python_s_unbound_local_error_eagerly():
    # The oracle: the refused program is wrong in Python too, on the runs that skip the branch.
    with pytest.raises(UnboundLocalError):
        read_after_one_path(-np.ones(3))


def carried_to_a_later_iteration(x):
    total = 0.0
    for k in range(x.shape[0]):
        if x[k] > 0:
            t = x[k]
        else:
            total = total + t  # bound by an earlier iteration on the inputs eager code is given
    return total


def deleted_before_the_if(x):
    t = x * 2
    del t
    if x.sum() > 0:
        y = t  # noqa: F821  (unbound on purpose: the del above)
    else:
        y = x
    return y


# Python's own words for the unbound read (3.10's are older), then the branch and the advice.
PYTHONS_UNBOUND = ("cannot access local variable 't' where it is not associated with a value"
                   if sys.version_info >= (3, 11) else "local variable 't' referenced before assignment")
UNBOUND = (PYTHONS_UNBOUND + " in the {} branch of a staged `if`: a staged `if` traces both branches, whichever "
           "runs, so every variable a branch reads needs a value before the `if`")


@pytest.mark.parametrize("backend", ["graph", "jax"])
@pytest.mark.parametrize("fn, branch", [(carried_to_a_later_iteration, "else"), (deleted_before_the_if, "if")])
def test_a_branch_reading_a_variable_with_no_value_yet_is_refused_by_name(fn, branch, backend):
    options = {"backend": "jax"} if backend == "jax" else {}
    with pytest.raises(StagingError) as caught:
        autograph.function(fn, **options)(np.array([1.0, -1.0, 2.0]))
    assert UNBOUND.format(branch) in str(caught.value)
    assert f"{__file__}:" in str(caught.value)
    assert isinstance(caught.value.__cause__, UnboundLocalError)


def test_eager_python_runs_the_first_and_raises_for_the_second():  # the oracle of the two refusals above
    assert carried_to_a_later_iteration(np.array([1.0, -1.0, 2.0])) == 1.0
    with pytest.raises(UnboundLocalError):
        deleted_before_the_if(np.array([1.0, -1.0, 2.0]))
