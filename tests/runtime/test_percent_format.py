"""``"..." % values`` with a template that asks for digits: ``ag__.percent`` (runtime/percent_format.py).

Plain Python is the oracle on plain values (the same text, the same errors); in a graph, eager NumPy is: a
message with a traced value written by ``%g``, ``%+08.3f``, ``%d``, ... is the text eager code raises (or
prints) with, on both executors, and what has no equivalent format spec is refused at the user's line.
"""
# ruff: noqa: UP031  (printf-style formatting is the point)

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import autograph
from runtime.limits import NotStageable
from runtime.percent_format import SPECIFIER, has_numeric_conversion, percent

EXECUTORS = ["numpy", "jax"]


# --- plain values: exactly `template % values` ---------------------------------------------------------------

SPECS = st.builds(lambda flags, width, precision, kind: f"%{flags}{width}{precision}{kind}",
                  st.sampled_from(["", "-", "+", " ", "#", "0", "-0", "+0", "#0", "- "]),
                  st.sampled_from(["", "1", "8", "*"]), st.sampled_from(["", ".0", ".3", ".", ".*"]),
                  st.sampled_from(list("diouxXeEfFgGcrsa")))
VALUES = st.one_of(st.integers(-10**6, 10**6), st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=3),
                   st.booleans(), st.none())


@settings(max_examples=300, deadline=None)
@given(st.lists(SPECS, min_size=1, max_size=3), st.lists(VALUES, max_size=6))
def test_on_plain_values_it_is_template_percent_values(specs, values):
    template = " | ".join(specs)
    try:
        expected = ("text", template % tuple(values))
    except Exception as error:  # noqa: BLE001 (the oracle's errors are the expected result)
        expected = (type(error), str(error))
    try:
        got = ("text", percent(template, tuple(values)))
    except Exception as error:  # noqa: BLE001
        got = (type(error), str(error))
    assert got == expected


def test_only_templates_with_a_numeric_conversion_are_rewritten():
    assert has_numeric_conversion("%g") and has_numeric_conversion("%(n)5d rows")
    assert not has_numeric_conversion("%s and %r (100%%)") and not has_numeric_conversion("no conversion")
    assert [m["type"] for m in SPECIFIER.finditer("%-08.3f %(k)s %%")] == ["f", "s", "%"]


# --- in a graph: the text eager code gives --------------------------------------------------------------------

def check_determinant(R):  # pytransform3d's check_matrix: a rotation's determinant, under a staged `if`
    d = np.linalg.det(R)
    if d < 0.0:
        raise ValueError("the determinant should be 1 but is %g; that is, a rotoreflection" % d)
    return d


def several_conversions(x, n):
    s = np.sum(x)
    if s > 100.0:
        raise ValueError("sum %+010.4f of %d values (%s), mean %.3e, %5.1f%%" % (s, n, "too large", s / n, s))
    return s


def mapping_key(x):
    if x[0] < 0:
        raise ValueError("first item %(first).2f, last %(last)g" % {"first": x[0], "last": x[-1]})
    return x


def integer_kinds(k):
    top = np.max(k)
    if top > 9:
        raise ValueError("%d | %5i | %-4u| %x | %#X | %#o | %g" % (top, top, top, top, top, top, top))
    return k


@pytest.mark.parametrize("executor", EXECUTORS)
@pytest.mark.parametrize("fn, args", [
    (check_determinant, (np.diag([1.0, -2.5]),)),
    (check_determinant, (np.diag([1.0, 1.0]),)),
    (several_conversions, (np.array([60.5, 70.25]), 2)),
    (several_conversions, (np.array([-1.0, 2.0]), 2)),
    (several_conversions, (np.array([60.5, 70.25], dtype=np.float32), 2)),
    (mapping_key, (np.array([-1.005, 2.0, 1e-7]),)),
    (integer_kinds, (np.array([3, 255, 7]),)),
    (integer_kinds, (np.array([3, -255, 7], dtype=np.int32),)),
])
def test_a_staged_message_says_what_eager_code_says(executor, fn, args):
    if executor == "jax":
        pytest.importorskip("jax")
    try:
        expected = ("returned", fn(*args))
    except ValueError as error:
        expected = ("raised", str(error))
    try:
        got = ("returned", autograph.function(fn, executor=executor)(*args))
    except ValueError as error:
        got = ("raised", str(error))
    assert got[0] == expected[0]
    if got[0] == "raised":
        assert got[1] == expected[1]
    else:
        np.testing.assert_array_equal(got[1], expected[1])


@pytest.fixture(scope="module")
def module_maker(tmp_path_factory):
    """Functions written to a file of their own (converted code needs its source), one template each."""
    import importlib.util

    folder = tmp_path_factory.mktemp("percent_templates")
    made = {}

    def make(template):
        if template not in made:
            path = folder / f"template_{len(made)}.py"
            path.write_text("import numpy as np\n\n\ndef one_conversion(x):\n    if x > -np.inf:\n"
                            f"        raise ValueError({template!r} % x)\n    return x\n")
            spec = importlib.util.spec_from_file_location(path.stem, path)
            module = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(module)
            made[template] = module.one_conversion
        return made[template]
    return make


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(["", "-", "+", " ", "#", "0", "+0"]), st.sampled_from(["", "1", "12"]),
       st.sampled_from(["", ".0", ".4"]), st.sampled_from(list("eEfFgG")),
       st.sampled_from([1.5, 123456789.125, 1e-300, 7.0, -0.0, np.inf]),
       st.sampled_from(["float64", "float32", "int64"]))
def test_every_float_conversion_of_a_staged_number_writes_python_s_text(module_maker, flags, width, precision,
                                                                         kind, value, dtype):
    if dtype == "int64" and not np.isfinite(value):
        return
    one_conversion = module_maker(f"x = %{flags}{width}{precision}{kind}!")
    x = np.asarray(value).astype(dtype)[()]
    with pytest.raises(ValueError) as eager:
        one_conversion(x)
    with pytest.raises(ValueError) as staged:
        autograph.function(one_conversion)(np.asarray(x))
    assert str(staged.value) == str(eager.value)


def prints_it(x):
    autograph.print("x is %.2f (%d items)" % (x.sum(), x.size))  # (Python's print prints while tracing)
    return x


def test_autograph_print_writes_the_value_when_the_graph_runs(capsys):
    f = autograph.function(prints_it)
    x = np.array([1.234, 5.0])
    prints_it(x)
    eager = capsys.readouterr().out
    f(x)
    f(x * 2)
    assert capsys.readouterr().out == eager + "x is 12.47 (2 items)\n" and eager == "x is 6.23 (2 items)\n"


# --- refused: no format spec writes what `%` writes -------------------------------------------------------------

def float_as_integer(x):
    if x > 0:
        raise ValueError("x is %d" % x)  # refused-line
    return x


def repr_of_it(x):
    if x > 0:
        raise ValueError("x is %r, %g" % (x, x))  # refused-line
    return x


def padded_string(x):
    if x > 0:
        raise ValueError("x is %8s, %g" % (x, x))  # refused-line
    return x


def an_array(x):
    if x[0] > 0:
        raise ValueError("x is %g" % x)  # refused-line
    return x


@pytest.mark.parametrize("fn, arg, says", [
    (float_as_integer, np.float64(2.5), "a staged float64 value written with %d"),
    (repr_of_it, np.float64(2.5), "%r or %a"),
    (padded_string, np.float64(2.5), "a width, a precision"),
    (an_array, np.array([2.5]), "not one number"),
])
def test_a_conversion_no_format_spec_matches_is_refused_at_the_users_line(fn, arg, says):
    import inspect

    lines, first = inspect.getsourcelines(fn)
    line = first + next(i for i, text in enumerate(lines) if "refused-line" in text)
    with pytest.raises(NotStageable) as info:
        autograph.function(fn)(arg)
    assert str(info.value).startswith(f"{__file__}:{line}: ")
    assert says in str(info.value) and "f-string" in str(info.value)


# --- every other path ---------------------------------------------------------------------------------------------

def test_under_jax_jit_a_tracer_is_refused_as_jax_refuses_the_original():
    jax = pytest.importorskip("jax")
    with pytest.raises(Exception) as original:
        jax.jit(check_determinant)(np.diag([1.0, -2.5]))
    with pytest.raises(type(original.value)):
        jax.jit(autograph.to_graph(check_determinant))(np.diag([1.0, -2.5]))


def test_the_converted_form_on_plain_values_formats_as_python_does():
    from autograph.testing import converted_form

    for fn, args in [(check_determinant, (np.diag([1.0, -2.5]),)), (integer_kinds, (np.array([3, 255, 7]),))]:
        with pytest.raises(ValueError) as eager:
            fn(*args)
        with converted_form(), pytest.raises(ValueError) as converted:
            autograph.convert(fn)(*args)
        assert str(converted.value) == str(eager.value)
