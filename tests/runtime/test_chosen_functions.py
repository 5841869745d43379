"""A function each branch of a staged ``if`` defines (or assigns) for a variable that is only ever called
(pyorb's Laguerre solver of Kepler's equation: ``def _f(E)`` under ``if e > 1`` and again under ``else``):
after the ``if`` the variable holds the function the condition chooses, and each call of it stages an ``if``
over the two functions' calls (runtime/chosen_functions.py). Until stop 81 this was refused ("a staged `if`
can choose only between tensors and numbers"). Eager Python (or the plain function under ``jax.jit``) is the
oracle, on every path a user takes: as written, the converted form on plain values, our graph on both
executors, ``backend="jax"`` and ``jax.jit`` of the converted function. Any other read of the variable (passed
on, returned, compared) is still refused, as is a function that writes a variable outside itself."""

from __future__ import annotations

import types

import numpy as np
import pytest

import autograph
from runtime.staging import StagingError
from tests.helpers import executors, needs_jax, same_result


def kepler(M, e, tol=1e-12):  # pyorb's laguerre_solve_kepler, its functions and loop (MIT, danielk333/pyorb)
    if e > 1:
        def _f(E):
            return M + E - e * np.sinh(E)

        def _fp(E):
            return 1.0 - e * np.cosh(E)
    else:
        def _f(E):
            return M - E + e * np.sin(E)

        def _fp(E):
            return e * np.cos(E) - 1.0
    E = M
    f_eval = _f(E)
    it = 0
    while np.abs(f_eval) >= tol and it < 50:
        E = E - f_eval / _fp(E)
        f_eval = _f(E)
        it += 1
    return E, it


def lambdas(x, a):
    if a > 0:
        scale = lambda v: v * a  # noqa: E731
    else:
        scale = lambda v: v - a  # noqa: E731
    return scale(x) + scale(1.0)


def three_ways(x, a):
    if a > 1:
        def g(v):
            return v * 2.0
    elif a > 0:
        def g(v):
            return v + 10.0
    else:
        def g(v):
            return -v
    return g(x)


def rebinds_a_chosen_one(x, a):
    if a > 0:
        def g(v):
            return v * 2.0
    else:
        def g(v):
            return v - 2.0
    if x > 1.0:  # a function chosen before this `if` is chosen between again
        def g(v):
            return v / 4.0
    return g(x) + g(a)


def reads_what_its_branch_set(x, a):
    if a > 0:
        k = a * 3.0

        def g(v):
            return v * k
    else:
        k = a - 1.0

        def g(v):
            return v + k
    k = k + 1.0  # a function reads its free variables when called: Python's g sees this k
    return g(x), k


def ufuncs(x, a):
    if a > 0:
        op = np.sin
    else:
        op = np.cos
    return op(x)


def calls_it_in_a_staged_branch(x, a):
    if a > 0:
        def g(v):
            return v * 2.0
    else:
        def g(v):
            return v - 2.0
    if x > 1.0:
        y = g(x)
    else:
        y = g(-x)
    return y


PROGRAMS = [kepler, lambdas, reads_what_its_branch_set, ufuncs, calls_it_in_a_staged_branch, rebinds_a_chosen_one]
ARGUMENTS = {kepler: [(1.0, 0.5), (1.0, 1.5)]}
DEFAULT_ARGUMENTS = [(0.75, 2.0), (0.75, 0.5), (2.5, -1.0)]


def _cases():
    return [pytest.param(fn, args, id=f"{fn.__name__}-{k}")
            for fn in PROGRAMS for k, args in enumerate(ARGUMENTS.get(fn, DEFAULT_ARGUMENTS))]


def _floats(args):
    return tuple(np.float64(a) for a in args)


@pytest.mark.parametrize("fn, args", _cases())
def test_as_written_and_in_the_converted_form(fn, args):
    from autograph.testing import converted_form

    want = fn(*args)
    assert autograph.convert(fn)(*args) == want
    with converted_form():
        assert autograph.convert(fn)(*args) == want


@pytest.mark.parametrize("executor", executors())
@pytest.mark.parametrize("fn, args", _cases())
def test_a_graph_calls_the_function_its_condition_chose(fn, args, executor):
    want = fn(*_floats(args))
    got = autograph.function(fn, executor=executor)(*_floats(args))
    for g, w in zip(got if isinstance(got, tuple) else (got,), want if isinstance(want, tuple) else (want,)):
        same_result(np.asarray(g), np.asarray(w), executor)


def _jax_twin(fn):
    """``fn`` on jax.numpy (the same code: NumPy's names are JAX's here)."""
    import jax.numpy as jnp

    return types.FunctionType(fn.__code__, dict(fn.__globals__, np=jnp), fn.__name__, fn.__defaults__)


@needs_jax
@pytest.mark.parametrize("fn, args", [case for case in _cases() if case.values[0] is not kepler])
def test_under_jax_the_call_is_a_cond_on_the_condition(fn, args):
    import jax

    plain = _jax_twin(fn)
    for got in (jax.jit(autograph.convert(plain))(*args), autograph.function(plain, backend="jax")(*args)):
        want = plain(*args)  # (eager: the branch that runs defines the function)
        for g, w in zip(jax.tree_util.tree_leaves(got), jax.tree_util.tree_leaves(want)):
            np.testing.assert_allclose(np.asarray(g), np.asarray(w), rtol=1e-6)


@needs_jax
def test_under_jax_the_kepler_solver_runs_its_loop_on_the_chosen_functions():
    import jax

    plain = _jax_twin(kepler)
    for e in (0.5, 1.5):
        want = kepler(1.0, e)
        got = jax.jit(autograph.convert(plain))(1.0, e)
        np.testing.assert_allclose(float(got[0]), want[0], rtol=1e-5)


def passes_it_on(x, a):
    if a > 0:
        def g(v):
            return v * 2.0
    else:
        def g(v):
            return v - 2.0
    return apply(g, x)


def apply(f, x):
    return f(x)


def compares_it(x, a):
    if a > 0:
        def g(v):
            return v * 2.0
    else:
        def g(v):
            return v - 2.0
    return g(x) if g is not apply else x


def counts_its_calls(x, a):
    calls = 0
    if a > 0:
        def g(v):
            nonlocal calls
            calls += 1
            return v * 2.0
    else:
        def g(v):
            return v - 2.0
    return g(x), calls


@pytest.mark.parametrize("fn", [passes_it_on, compares_it], ids=lambda f: f.__name__)
def test_a_function_read_as_a_value_is_still_refused(fn):
    assert fn(0.5, 2.0) is not None  # (as written, Python runs the branch it takes)
    with pytest.raises(StagingError, match="can choose only between tensors and numbers"):
        autograph.function(fn)(np.float64(0.5), np.float64(2.0))


@pytest.mark.parametrize("path", ["numpy", "jax"])
def test_a_function_an_elif_chose_is_refused_with_what_to_write(path):
    assert three_ways(0.5, 2.0) == 1.0
    if path == "jax":
        pytest.importorskip("jax")
        import jax

        staged = jax.jit(autograph.convert(_jax_twin(three_ways)))
    else:
        staged = autograph.function(three_ways)
    with pytest.raises(StagingError, match=r"g is only called, but in one branch it is chosen by a staged `if` inside "
                                           r"that branch \(an `elif` chain\).*choose inside one function instead"):
        staged(np.float64(0.5), np.float64(2.0))


def test_a_function_that_writes_outside_itself_is_still_refused():
    assert counts_its_calls(0.5, 2.0) == (1.0, 1)
    with pytest.raises(StagingError, match=r"g is only called, but the function .*g assigns calls, a variable outside "
                                           r"it \(nonlocal or global\)"):
        autograph.function(counts_its_calls)(np.float64(0.5), np.float64(2.0))


def test_the_chosen_function_names_itself():
    seen = []

    def shows(x, a):
        if a > 0:
            def g(v):
                return v * 2.0
        else:
            def g(v):
                return v - 2.0
        seen.append(repr(g))  # (a read of g as a value: refused, so this never runs staged)
        return g(x)

    with pytest.raises(StagingError, match="can choose only between"):
        autograph.function(shows)(np.float64(0.5), np.float64(2.0))
    assert seen == []


def rebinds_it_in_a_staged_loop(x, a):
    def g(v):
        return v
    y = 0.0
    i = 0
    while y < 10.0:
        if a > i:
            def g(v):
                return v * 2.0
        y = y + g(x) + 2.0
        i += 1
    return y


def test_a_chosen_function_a_staged_loop_would_carry_is_refused():
    assert rebinds_it_in_a_staged_loop(1.0, 1.5) == 12.0
    with pytest.raises(StagingError, match=r"'g' is a function chosen by a staged `if` before the while loop but a "
                                           r"function chosen by a staged `if` after one iteration"):
        autograph.function(rebinds_it_in_a_staged_loop)(np.float64(1.0), np.float64(1.5))


def appends_to_one_of_two(x, a):
    positive, negative = [], []
    if a > 0:
        add = positive.append
    else:
        add = negative.append
    add(x)
    return len(positive), len(negative)


class Scaler:
    def __init__(self):
        self.calls = 0

    def double(self, v):
        self.calls += 1
        return v * 2.0

    def halve(self, v):
        self.calls += 1
        return v / 2.0


def calls_a_bound_method(x, a):
    s = Scaler()
    if a > 0:
        op = s.double
    else:
        op = s.halve
    return op(x), s.calls


@pytest.mark.parametrize("fn", [appends_to_one_of_two, calls_a_bound_method], ids=lambda f: f.__name__)
def test_a_callable_whose_effects_a_staged_call_cannot_watch_is_still_refused(fn):
    # (a C method's list or a bound method's object is out of the staged call's sight: both would be changed)
    assert fn(0.5, 2.0) is not None
    with pytest.raises(StagingError, match=r"is only called, but in one branch it is (a builtin_function_or_method "
                                           r"object|the bound method Scaler.double), not a function written with def"):
        autograph.function(fn)(np.float64(0.5), np.float64(2.0))


# Functions that change Python state: the staged call runs both, so each such change is either carried (an
# attribute of an object the call can see) or refused; never made by both.
LOG: list = []
def note(v):
    LOG.append(v)
def closure_append(x, a):
    out = []
    if a > 0:
        def g(v):
            out.append(v)
            return v
    else:
        def g(v):
            return -v
    y = g(x)
    return y, len(out)
class Box:
    def __init__(self): self.n = 0
def attr_write(x, a):
    b = Box()
    if a > 0:
        def g(v, box):
            box.n = box.n + 1
            return v
    else:
        def g(v, box):
            return -v
    y = g(x, b)
    return y, b.n
def global_helper(x, a):
    if a > 0:
        def g(v):
            note(v)
            return v
    else:
        def g(v):
            return -v
    y = g(x)
    return y, len(LOG)


@pytest.mark.parametrize("a", [2.0, -2.0])
@pytest.mark.parametrize("fn", [closure_append, attr_write, global_helper], ids=lambda f: f.__name__)
def test_a_chosen_function_that_changes_python_state_is_carried_or_refused(fn, a):
    from runtime.limits import Limitation

    LOG.clear()
    want = fn(0.5, a)
    LOG.clear()
    try:
        got = autograph.function(fn)(np.float64(0.5), np.float64(a))
    except (StagingError, Limitation) as refusal:
        assert fn is not attr_write, refusal  # (an attribute the staged call carries: no refusal)
        return
    assert fn is attr_write and (float(got[0]), int(got[1])) == want
