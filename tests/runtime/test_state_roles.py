"""The converter declares the roles of the variables it makes up; the runtime never guesses them from a name.

A user's own variable called ``retval_`` or ``do_return`` is an ordinary variable on every backend, and
the converter's return value (whatever the namer called it) is still treated as one.
"""

from __future__ import annotations

import numpy as np
import pytest

import autograph
from runtime.staging import StagingError, describe, has_no_value
from runtime.state_roles import (
    BOUND_WHERE_READ,
    BREAK_FLAG,
    RETURN_FLAG,
    RETURN_VALUE,
    BreakFlagName,
    ReturnFlagName,
    ReturnValueName,
    check_roles,
    with_roles,
)


def users_retval(x):
    retval_ = None  # the user's own variable, named as the converter names its return value
    if np.sum(x) > 0:
        retval_ = x * 2.0
    return retval_


def users_retval_with_early_return(x):
    retval_ = x + 1.0
    do_return = x * 0.0
    if np.sum(x) > 0:
        return retval_ - do_return
    retval_ = retval_ * 3.0
    return retval_


def early_return_in_loop(x):
    for i in range(3):
        if np.sum(x) > i:
            return x * i
    return x


def break_in_staged_loop(x):
    total = x * 0.0
    i = 0
    while i < 10:
        if np.sum(total) > 5.0:
            break
        total = total + x
        i += 1
    return total


def test_typed_names_compare_and_hash_as_the_plain_names():
    names = with_roles(("do_return", "retval_", "x", "break_"),
                       {"retval_": RETURN_VALUE, "do_return": RETURN_FLAG, "break_": BREAK_FLAG})
    assert names == ("do_return", "retval_", "x", "break_")
    assert [type(n) for n in names] == [ReturnFlagName, ReturnValueName, str, BreakFlagName]
    assert {names[1]: 1}["retval_"] == 1
    assert describe(names[1]) == "the return value" and describe("retval_") == "'retval_'"
    assert describe(names[3]) == "the loop's break flag"
    assert has_no_value(names[1], None) and not has_no_value("retval_", None)


def test_an_unknown_role_is_refused():
    with pytest.raises(ValueError, match="unknown carried-variable roles"):
        check_roles({"retval_": "return-value"})


def test_a_users_variable_named_retval_is_an_ordinary_variable():
    # Before the roles were declared, a regex took this variable for the return value: its None in
    # the else branch read as "not returned yet" and the graph silently returned x * 2 for any x.
    graph = autograph.function(users_retval)
    with pytest.raises(StagingError) as caught:
        graph(np.array([1.0, 2.0]))
    message = str(caught.value)
    assert "'retval_'" in message and "the return value" not in message
    assert "test_state_roles.py:" in message


@pytest.mark.parametrize("executor", ["numpy", "jax"])
def test_users_return_named_variables_next_to_the_converters(executor):
    if executor == "jax":
        pytest.importorskip("jax")
    graph = autograph.function(users_retval_with_early_return, executor=executor)
    for x in (np.array([1.0, 2.0]), np.array([-1.0, -2.0])):
        np.testing.assert_allclose(graph(x), users_retval_with_early_return(x))


@pytest.mark.parametrize("executor", ["numpy", "jax"])
def test_the_converters_return_and_break_flags_still_stage(executor):
    if executor == "jax":
        pytest.importorskip("jax")
    for fn in (early_return_in_loop, break_in_staged_loop):
        graph = autograph.function(fn, executor=executor)
        for x in (np.array([0.5, 0.25]), np.array([-1.0, -2.0]), np.array([3.0, 3.0])):
            np.testing.assert_allclose(graph(x), fn(x))


def test_under_jax_jit_too():
    jax = pytest.importorskip("jax")
    for fn in (early_return_in_loop, users_retval_with_early_return):
        jitted = jax.jit(autograph.to_graph(fn))
        for x in (np.array([0.5, 0.25]), np.array([-1.0, -2.0]), np.array([3.0, 3.0])):
            np.testing.assert_allclose(jitted(x), fn(x), rtol=1e-6)


def test_the_converter_declares_the_names_it_made_up():
    from runtime.undefined import declared_roles

    converted = autograph.to_graph(early_return_in_loop)
    code = converted.__code__
    roles = declared_roles(code)
    made_up = {name: role for name, role in roles.items() if role != BOUND_WHERE_READ}
    assert sorted(made_up.values()) == [RETURN_FLAG, RETURN_VALUE]
    # And the user's loop variable, which every read finds bound (the loop's own reads of it).
    assert {name for name, role in roles.items() if role == BOUND_WHERE_READ} == {"i"}
    source = autograph.to_code(early_return_in_loop)
    for name in roles:
        assert name in source
