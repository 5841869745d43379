"""A tensor's value in a graph assertion's message (or an ``autograph.print``) is written in when the graph runs,
as eager NumPy writes it (runtime/graph/formatted.py): each program against eager, on every executor."""

from __future__ import annotations

import contextlib
import io
import re

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import autograph
from tests.helpers import executors
from tests.runtime.graph.formatted_programs import (
    assert_statement,
    f_string_in_raise,
    format_method_in_raise,
    format_spec_in_an_assert_in_a_loop,
    format_specs_in_raise,
    format_specs_of_float32_and_bool,
    integer_and_bool_values,
    percent_in_raise,
    raise_in_a_for,
    raise_in_a_while,
    written_after_the_message,
)

EXECUTORS = executors() + [pytest.param("auto", id="auto")]


PROGRAMS = [f_string_in_raise, percent_in_raise, format_method_in_raise, assert_statement, raise_in_a_while,
            raise_in_a_for, written_after_the_message, integer_and_bool_values, format_specs_in_raise,
            format_specs_of_float32_and_bool, format_spec_in_an_assert_in_a_loop]
INPUTS = [np.array([1.0, 2.0, 3.0]), np.array([4.0, 5.0, 6.0]), np.array([-1.0, 2.5]), np.array([3.0, -4.0, 0.0]),
          np.array([7.0, 0.0, 1.5, 2.0])]


def outcome(fn, x):
    """(the result, or the exception's class and message; what it printed)."""
    out = io.StringIO()
    try:
        with contextlib.redirect_stdout(out):
            result = fn(x)
    except (ValueError, AssertionError) as error:
        return (type(error), str(error)), out.getvalue()
    return ("ok", np.asarray(result).tolist()), out.getvalue()


@pytest.mark.parametrize("executor", EXECUTORS)
@pytest.mark.parametrize("fn", PROGRAMS, ids=lambda f: f.__name__)
def test_a_message_shows_the_values_eager_code_shows(fn, executor):
    traced = autograph.function(fn, executor=executor)
    for x in INPUTS:
        assert outcome(traced, x) == outcome(fn, x), (fn.__name__, x)


@settings(max_examples=40, deadline=None)
@given(values=st.lists(st.floats(-20, 20, allow_nan=False, width=32), min_size=1, max_size=5),
       executor=st.sampled_from(["numpy", "jax"]))
def test_a_raise_in_a_loop_names_the_values_of_the_iteration_that_raised(values, executor):
    pytest.importorskip("jax") if executor == "jax" else None
    x = np.array(values)
    traced = autograph.function(raise_in_a_while, executor=executor)
    assert outcome(traced, x) == outcome(raise_in_a_while, x)


def printing(x):
    s = x.sum()
    autograph.print(f"sum = {s}", "of", x, f"[{x.max()}]")
    return s


@pytest.mark.parametrize("executor", EXECUTORS)
def test_autograph_print_of_an_f_string_prints_the_values_at_each_run(executor):
    traced = autograph.function(printing, executor=executor)
    for x in INPUTS[:3]:
        assert outcome(traced, x)[1] == outcome(printing, x)[1] == f"sum = {x.sum()} of {x} [{x.max()}]\n"


def printing_with_specs(x):
    s = x.sum()
    autograph.print(f"sum = {s:9.4f}|{s:<7}|", f"{x.max():e}", end="")
    autograph.print(f"{s:>+8.1f}")
    return s


@pytest.mark.parametrize("executor", EXECUTORS)
def test_autograph_print_writes_values_in_with_their_format_specs(executor):
    traced = autograph.function(printing_with_specs, executor=executor)
    for x in INPUTS[:3]:
        assert outcome(traced, x)[1] == outcome(printing_with_specs, x)[1]


def spec_on_an_array(x):
    if x.sum() > 0:
        raise ValueError(f"{x:.2f}")
    return x


@pytest.mark.parametrize("executor", EXECUTORS)
def test_a_format_spec_on_an_array_is_numpys_type_error(executor):
    # NumPy refuses a spec on an array of one or more dimensions; so does the trace, with NumPy's message.
    with pytest.raises(TypeError, match=r"^unsupported format string passed to numpy\.ndarray\.__format__"):
        spec_on_an_array(np.ones(2))
    with pytest.raises(TypeError, match=r"^unsupported format string passed to numpy\.ndarray\.__format__"):
        autograph.function(spec_on_an_array, executor=executor)(np.ones(2))


def percent_g(x):
    s = x.sum()
    if s > 10:
        raise ValueError("sum %g too large" % s)  # noqa: UP031 (the percent form is the point)
    return s


def percent_g_of_a_variable_template(x, template="sum %g too large"):
    s = x.sum()
    if s > 10:
        raise ValueError(template % s)  # (not a constant: not rewritten, Python asks float())
    return s


@pytest.mark.parametrize("executor", EXECUTORS)
def test_percent_formatting_of_a_constant_template_writes_the_value_in(executor):
    # (ag__.percent: tests/runtime/test_percent_format.py)
    with pytest.raises(ValueError, match=r"^sum 12 too large(?:\n|$)"):
        autograph.function(percent_g, executor=executor)(np.full(3, 4.0))


def test_percent_formatting_of_another_template_is_refused_with_the_f_string_as_advice():
    advice = r'test_formatted\.py:\d+: float\(tensor\).*`%` formatting.*f"\{x:g\}"'
    with pytest.raises(autograph.NotStageable, match=advice):
        autograph.function(percent_g_of_a_variable_template)(np.ones(3))


def made_in_the_raising_branch(x):
    s = x.sum()
    if s < 0:
        t = s * 2
        raise ValueError(f"twice {t}, once {s}, first {x[0]:.2f}")
    return s


@pytest.mark.parametrize("executor", EXECUTORS)
def test_a_value_made_in_the_branch_that_raises_is_written_in_too(executor):
    # The branch's graph up to its raise runs under a cond on the condition, its marked values its outputs.
    x = np.array([-1.0, -2.0])
    with pytest.raises(ValueError) as eager:
        made_in_the_raising_branch(x)
    assert str(eager.value) == "twice -6.0, once -3.0, first -1.00"
    with pytest.raises(ValueError) as staged:
        autograph.function(made_in_the_raising_branch, executor=executor)(x)
    assert str(staged.value) == str(eager.value)
    assert autograph.function(made_in_the_raising_branch, executor=executor)(-x) == 3.0


_KEPT: list = []


@autograph.do_not_convert  # (text kept as data in converted code is refused: ag__.text, test_traced_text.py)
def _keep(total):
    _KEPT.append(f"first trace's {total}")


def keeps_its_message(x):
    str(x.max())  # each trace marks a tensor of its own first
    if not _KEPT:
        _keep(x.sum())  # its second mark
    else:
        str(x.min())  # a later trace's second mark
    if x.sum() > 10:
        raise ValueError(_KEPT[0])
    return x


def test_a_message_kept_from_an_earlier_trace_names_no_tensor_of_a_later_one():
    traced = autograph.function(keeps_its_message)
    traced(np.ones(2))  # trace 1 keeps a message with its own mark
    with pytest.raises(ValueError, match=r"^first trace's <Tensor f64\[\]>"):
        traced(np.full(3, 9.0))  # trace 2 (another shape) raises it: the mark is text there, not trace 2's value


def test_the_graph_shows_the_message_and_its_template():
    concrete = autograph.function(f_string_in_raise).get_concrete_function(autograph.TensorSpec((3,), np.float64))
    (node,) = [node for node in concrete.graph.nodes if node.op == "assert"]
    assert node.attrs["message"] == "sum too large: <Tensor f64[]>"
    assert repr(node.attrs["template"]) == "('sum too large: ', $0)"
    concrete = autograph.function(format_specs_in_raise).get_concrete_function(autograph.TensorSpec((3,), np.float64))
    (node,) = [node for node in concrete.graph.nodes if node.op == "assert"]
    assert repr(node.attrs["template"]) == ("('sum ', $0:.3f, ' (', $0:>10.2e, '|', $0:<8, '|', $0:+g, ') from ', "
                                            "$1:03d, ' items (', $1:#x, ', ', $2:.1%, ')')")


def test_a_saved_graph_writes_the_values_in_when_loaded(tmp_path):
    traced = autograph.function(f_string_in_raise)
    traced(np.ones(3))
    autograph.save(traced, str(tmp_path / "saved"))
    loaded = autograph.load(str(tmp_path / "saved"))
    with pytest.raises(ValueError, match=r"^sum too large: 15\.0\b"):
        loaded(np.full(3, 5.0))
    traced = autograph.function(format_specs_in_raise)
    traced(np.ones(3))
    autograph.save(traced, str(tmp_path / "specs"))
    with pytest.raises(ValueError) as raised:
        autograph.load(str(tmp_path / "specs"))(np.full(3, 5.0))
    with pytest.raises(ValueError) as eager:
        format_specs_in_raise(np.full(3, 5.0))
    assert str(raised.value) == str(eager.value)


def test_str_of_a_tensor_names_it_once_per_trace_and_a_returned_one_is_still_refused():
    @autograph.do_not_convert  # (run as written: converted code's text used as data is refused, test_traced_text.py)
    def texts(x):
        return f"{x}", str(x), "%s" % x  # noqa: UP031

    seen = []

    def record(x):
        seen.append(texts(x))
        return x

    autograph.function(record)(np.ones(2))
    assert len(seen) == 1 and len(set(seen[0])) == 1 and re.fullmatch(r"<Tensor f64\[2\] #\d+>", seen[0][0])
    with pytest.raises(autograph.NotStageable, match=r"holds '<Tensor f64\[2\]>' where eager code has the value"):
        autograph.function(texts)(np.ones(2))
    with pytest.raises(autograph.NotStageable, match=r"text made from a traced value is used as data here \(returned"):
        autograph.function(lambda x: f"{x}")(np.ones(2))
