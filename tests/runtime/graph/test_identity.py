"""``a is b`` where a graph value stands for one of the objects: eager Python's answer, or a refusal by name.

A staged statement's output is whichever object its path gives (``best = a if c else a * 2`` is the very array
``a`` where ``c`` holds), and two Python bools staged ``if``s set are one object exactly when equal. The graph's
identity of its own tensors said False for both: silent wrong results (found at stop 78 while closing stop 77's
"two staged flags" item). The converter writes ``ag__.is_`` for every identity test but those with a literal other
than True / False (``x is None`` stays Python's), and the graph answers from its records of which array a join is
on which path (runtime/graph/identity.py), refusing what the trace cannot know: two arguments (a call may pass one
array twice), a loop variable and an array from before its loop, a join whose path held a captured array. JAX
records none of that: ``backend="jax"`` refuses an identity of a tracer with any array or number.

Each program runs as written (the oracle, NumPy's eager values) and on every path a user can take: the converted
function outside a trace, its converted form on plain values (no trace, our trace, a JAX trace), and staged with
``autograph.function`` on each executor and with ``backend="jax"``.
"""

from __future__ import annotations

import numpy as np
import pytest

import autograph
from autograph.testing import converted_form
from tests.helpers import executors, jax_usable, needs_jax, same_result

CAPTURED = np.arange(3.0)


def conditional_expression_of_an_argument(x, a):
    best = a if x.sum() > 0 else a * 2
    return (best * 2.0 if best is a else best * 3.0), best is not a


def if_statement_of_an_argument_or_its_view(x, a):
    if x[0] > 0:
        best = a
    else:
        best = a[::-1]  # a view: another object
    if best is a:
        return best + 1.0
    return best - 1.0


def two_flags(x):
    fa = False
    fb = False
    if x.sum() > 0:
        fa = True
        if x[0] > 0:
            fb = True
    return fa is fb, fa is not fb, fa is fb is True


def loop_output_and_the_array_before(x, a):
    y = a
    while x.sum() < 3.0:
        y = y * 2.0
        x = x + 1.0
    return y is a, y is not a


def ops_make_new_arrays(x, a):
    y = x + 1.0
    z = y
    return y is x, z is y, a is y, x[0] is a


def numpy_returns_the_array_itself(x, a):
    # np.squeeze with nothing to squeeze, np.broadcast_arrays of an argument already of the shape: x itself
    return (np.squeeze(x) is x, x.squeeze() is x, np.broadcast_arrays(x, a[:1])[0] is x, np.asarray(x) is x,
            x.reshape(x.shape) is x, x[...] is x, np.squeeze(x[None]) is x)


def min_and_max_return_one_of_their_arguments(x, a):
    lo, hi = x[0:1] * 1.0, x[1:2] * 1.0
    m = max(lo, hi)
    return m is lo, m is hi, min(lo, hi) is lo, max(lo, hi, a[0:1]) is not hi


def none_and_strings_are_never_arrays(x, label):
    best = x if x.sum() > 0 else x * 2
    return best is None, best is not label, label is best


def two_arguments(x, a):
    return x is a


def join_of_a_captured_array(x):
    best = CAPTURED if x.sum() > 0 else x
    return best is CAPTURED


def loop_variable_and_the_array_before(x, a):
    y = a
    seen = 0.0
    while x.sum() < 3.0:
        if y is a:
            seen = seen + 1.0
        y = y * 2.0
        x = x + 1.0
    return seen


def loop_variable_and_a_result_from_before(x, a):
    z = a * 2.0
    y = z
    seen = 0.0
    while x.sum() < 3.0:
        if y is z:
            seen = seen + 1.0
        y = y * 2.0
        x = x + 1.0
    return seen


ANSWERED = [conditional_expression_of_an_argument, if_statement_of_an_argument_or_its_view, two_flags,
            loop_output_and_the_array_before, ops_make_new_arrays, none_and_strings_are_never_arrays,
            numpy_returns_the_array_itself, min_and_max_return_one_of_their_arguments]
REFUSED = [two_arguments, join_of_a_captured_array, loop_variable_and_the_array_before,
           loop_variable_and_a_result_from_before]
# What JAX answers (no tracer meets another array or number there); the rest it refuses.
JAX_ANSWERS = [none_and_strings_are_never_arrays]

XS = [np.array([1.0, 2.0, -0.5]), np.array([-1.0, -2.0, 0.5]), np.array([-3.0, 1.0, 0.0])]


def _arguments(fn, x):
    if fn in (two_flags, join_of_a_captured_array):
        return (x.copy(),)
    if fn is none_and_strings_are_never_arrays:
        return x.copy(), "label"
    return x.copy(), np.linspace(1.0, 2.0, 3)


def _eager(fn, x):
    return fn(*_arguments(fn, x))


@pytest.mark.parametrize("executor", executors())
@pytest.mark.parametrize("fn", ANSWERED, ids=lambda f: f.__name__)
def test_the_graph_answers_as_eager_python(fn, executor):
    staged = autograph.function(fn, executor=executor)
    for x in XS:
        same_result(staged(*_arguments(fn, x)), _eager(fn, x), executor)


@pytest.mark.parametrize("fn", REFUSED, ids=lambda f: f.__name__)
def test_what_the_trace_cannot_know_is_refused_at_the_users_line(fn):
    with pytest.raises(autograph.NotStageable, match=r"test_identity.py:\d+: `is` / `is not` of .* Compare values"):
        autograph.function(fn)(*_arguments(fn, XS[0]))


def test_the_refusals_say_why():
    cases = {two_arguments: "two arguments or loop variables", join_of_a_captured_array: "a staged statement's value",
             loop_variable_and_the_array_before: "two arguments or loop variables",
             loop_variable_and_a_result_from_before: "a loop variable and an array from before the loop"}
    for fn, why in cases.items():
        with pytest.raises(autograph.NotStageable, match=why):
            autograph.function(fn)(*_arguments(fn, XS[0]))


@needs_jax
@pytest.mark.parametrize("fn", [f for f in ANSWERED + REFUSED if f is not numpy_returns_the_array_itself],
                         ids=lambda f: f.__name__)
def test_jax_refuses_a_tracers_identity_with_an_array(fn):
    staged = autograph.function(fn, backend="jax")
    if fn in JAX_ANSWERS:
        for x in XS:
            same_result(staged(*_arguments(fn, x)), _eager(fn, x))
        return
    with pytest.raises(autograph.NotStageable, match=r"test_identity.py:\d+: `is` / `is not` of a value JAX is "
                                                    r"tracing and another array or number"):
        staged(*_arguments(fn, XS[0]))


@pytest.mark.parametrize("fn", ANSWERED + REFUSED, ids=lambda f: f.__name__)
def test_plain_values_keep_pythons_identity(fn):
    """On plain values (as written, the converted form with no trace and in our trace) the identity is Python's."""
    converted = autograph.convert(fn)
    for x in XS:
        want = _eager(fn, x)
        same_result(converted(*_arguments(fn, x)), want)
        with converted_form(trace=False):
            same_result(converted(*_arguments(fn, x)), want)
        with converted_form():
            same_result(converted(*_arguments(fn, x)), want)


@pytest.mark.skipif(not jax_usable(), reason="needs JAX")
@pytest.mark.parametrize("fn", ANSWERED + REFUSED, ids=lambda f: f.__name__)
def test_plain_values_inside_a_jax_trace_keep_pythons_identity(fn):
    import jax

    converted = autograph.convert(fn)
    for x in XS:
        want = _eager(fn, x)
        got = []
        jax.make_jaxpr(lambda: got.append(converted(*_arguments(fn, x))) or 0.0)()
        same_result(got[0], want)


def ids_of_two_objects(x, a):
    best = a if x.sum() > 0 else a * 2
    return id(best) == id(a), id(x) == id(x)


def test_id_of_a_traced_value_is_refused_and_plain_values_keep_pythons():
    with pytest.raises(autograph.NotStageable, match=r"test_identity.py:\d+: id\(\) of a traced value: the object"):
        autograph.function(ids_of_two_objects)(XS[0].copy(), XS[1].copy())
    converted = autograph.convert(ids_of_two_objects)
    a = XS[1].copy()
    for x in XS:
        assert converted(x, a) == ids_of_two_objects(x, a)
        with converted_form():
            assert converted(x, a) == ids_of_two_objects(x, a)


@needs_jax
def test_id_of_a_tracer_is_refused():
    with pytest.raises(autograph.NotStageable, match=r"test_identity.py:\d+: id\(\) of a value JAX is tracing"):
        autograph.function(ids_of_two_objects, backend="jax")(XS[0].copy(), XS[1].copy())


def write_into_what_max_chose(x):
    a, b = np.asarray(x[0] * 1.0), np.asarray(x[1] * 1.0)
    m = max(a, b)
    m[...] = 7.0  # Python's max returns one of the two arrays: the write reaches it
    return a, b


@pytest.mark.parametrize("executor", executors())
def test_a_write_into_what_max_chose_reaches_that_argument(executor):
    for x in XS:
        same_result(autograph.function(write_into_what_max_chose, executor=executor)(x.copy()),
                    write_into_what_max_chose(x.copy()), executor)


def test_the_converter_leaves_identity_with_other_literals_to_python():
    def f(a, b):
        return a is None, a is not ..., a is b, b is not True

    code = autograph.to_code(f)
    assert "a is None" in code and "a is not ..." in code
    assert "ag__.is_(a, b)" in code and "ag__.is_not(b, True)" in code
