"""Search loops over staged values: a variable bound before each ``break`` and in the loop's ``else``.

    for i in range(x.shape[0]):
        if x[i] > 0:
            found = i
            break
    else:
        found = -1
    return found          # Python never finds `found` unbound here

A staged loop traces every path, so its ``if`` joins ``found`` from a branch that binds it and one that
does not. Where the converter's definitions analysis proves that every read of the variable finds it
bound (as above), it declares the variable *bound where read* (runtime/state_roles.py) and the staged
statements hold a placeholder on the paths that leave it unset: no read can see it, as none would see the
unset variable in Python. Where a read may find it unbound (no ``else``), the clear refusal stays.

Differential against eager Python + NumPy on every path a user can take: the converted function on plain
values (as written, and its converted form inside a trace that stages nothing), the graph on the NumPy
interpreter and on XLA, ``jax.jit`` of ``to_graph``, and ``jax.vmap`` / ``jax.grad`` where they apply.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import autograph
from autograph.testing import assert_matches_eager, converted_form
from runtime.staging import StagingError


def first_positive_index(x):
    for i in range(x.shape[0]):
        if x[i] > 0:
            found = i
            break
    else:
        found = -1
    return found


def first_positive_index_while(x):
    i = 0
    while i < x.shape[0]:
        if x[i] > 0:
            found = i
            break
        i += 1
    else:
        found = -1
    return found


def first_above(x, t):
    for v in x:
        if v > t:
            found = v
            break
    else:
        found = t
    return found * 2.0


def first_of_two_kinds(x):
    for i in range(x.shape[0]):
        if x[i] > 1:
            kind = 1.0
            where = i
            break
        elif x[i] < -1:
            kind = -1.0
            where = i
            break
    else:
        kind = 0.0
        where = x.shape[0]
    return kind * where


def first_crossing(x, level):
    i = 0
    while True:  # left only by a `break`, each of which binds `crossing` first
        if i == x.shape[0]:
            crossing = -1
            break
        if x[i] > level:
            crossing = i
            break
        i += 1
    return crossing


def first_positive_of_four(x):
    for i in range(4):  # a Python range: unrolled, the break flag staged from the first staged `if`
        if x[i] > 0:
            found = x[i]
            break
    else:
        found = 0.0
    return found


PROGRAMS = [
    (first_positive_index, lambda x: (x,)),
    (first_positive_index_while, lambda x: (x,)),
    (first_above, lambda x: (x, 0.5)),  # (its items read x[i]: no empty x on XLA, see below)
    (first_of_two_kinds, lambda x: (x,)),
    (first_crossing, lambda x: (x, 0.5)),
    (first_positive_of_four, lambda x: (np.resize(x, 4) if x.size else np.zeros(4),)),
]
IDS = [fn.__name__ for fn, _ in PROGRAMS]

values = hnp.arrays(np.float64, st.integers(0, 6), elements=st.sampled_from([-2.0, -1.0, 0.0, 0.75, 1.5, 3.0]))


@pytest.mark.parametrize("fn, arguments", PROGRAMS, ids=IDS)
@settings(max_examples=12, deadline=None)
@given(x=values)
def test_a_search_loop_matches_eager_on_every_executor(fn, arguments, x):
    assert_matches_eager(fn, *arguments(x))


@pytest.mark.parametrize("fn, arguments", PROGRAMS, ids=IDS)
@settings(max_examples=12, deadline=None)
@given(x=values)
def test_the_converted_function_on_plain_values_is_the_original(fn, arguments, x):
    plain = arguments(x)  # NumPy arrays and Python numbers: plain values, no staged one
    converted = autograph.convert(fn)
    assert converted(*plain) == fn(*plain)
    with converted_form():  # the converted form, as it runs on plain values inside a trace
        assert converted(*plain) == fn(*plain)


@pytest.mark.parametrize("x", [np.array([-1.0, 0.0, 2.0, 3.0]), np.array([-1.0, -2.0]), np.zeros(0)])
def test_under_jax_vmap_each_row_finds_its_own(x):
    jax = pytest.importorskip("jax")
    rows = np.stack([x, -x, np.abs(x)]) if x.size else np.zeros((3, 0))
    got = jax.vmap(autograph.to_graph(first_positive_index_while))(rows)
    assert np.asarray(got).tolist() == [first_positive_index_while(row) for row in rows]


@pytest.mark.parametrize("x", [np.array([0.25, 0.5, 2.0, 3.0]), np.array([0.1, 0.2])])
def test_jax_grad_flows_through_the_value_found(x):
    jax = pytest.importorskip("jax")
    grad = np.asarray(jax.grad(lambda v: autograph.to_graph(first_above)(v, 0.5))(x))
    expected = np.zeros_like(x)
    above = np.flatnonzero(x > 0.5)
    if above.size:
        expected[above[0]] = 2.0  # d(found * 2) / d(x[first index above t])
    np.testing.assert_array_equal(grad, expected)


# --- where a read may find the variable unbound, the refusal stays ----------------------------------

def found_without_else(x):
    for i in range(x.shape[0]):
        if x[i] > 0:
            found = i
            break
    return found  # unbound when no item is positive: Python raises there, a graph cannot


def outer_with_a_safe_t(x):
    def inner(y):  # a nested function whose own `t` may be read unbound
        if y.sum() > 0:
            t = y * 2
        return t

    for i in range(x.shape[0]):
        if x[i] > 0:
            t = i
            break
    else:
        t = -1
    return inner(x), t


ONE_BRANCH = "'{}' is assigned in the if branch but not in the else branch of a staged `if`"


@pytest.mark.parametrize("backend", ["graph", "jax"])
def test_a_read_that_may_find_it_unbound_is_still_refused(backend):
    options = {"backend": "jax"} if backend == "jax" else {}
    with pytest.raises(StagingError) as caught:
        autograph.function(found_without_else, **options)(np.array([-1.0, 2.0]))
    assert ONE_BRANCH.format("found") in str(caught.value)
    assert f"{__file__}:" in str(caught.value)
    with pytest.raises(UnboundLocalError):  # the oracle: Python's own error on the inputs that skip the break
        found_without_else(np.array([-1.0, -2.0]))


def test_a_nested_function_with_the_same_name_unproven_keeps_its_refusal():
    # The roles go with the whole conversion: `t` is proven in the outer function, not in `inner`, so it is
    # declared for neither, and the staged `if` in `inner` (which Python may leave unbound) is refused.
    with pytest.raises(StagingError) as caught:
        autograph.function(outer_with_a_safe_t)(np.array([-1.0, 2.0]))
    assert ONE_BRANCH.format("t") in str(caught.value)
