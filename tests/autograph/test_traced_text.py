"""Text made from a traced value and used as data is refused; as a message it stays
(autograph/converters/traced_text.py, runtime/text.py). While tracing, a value's text is a placeholder (the graph's
``<Tensor i64[] #3>``, JAX's ``JitTracer(...)``): its length, a comparison or a parse of it silently differed from
eager code's (found: scikit-dsp-comm's Hamming decoder, ``str(int(S[m, 0]))`` joined into a binary number). Each
program runs on plain values (as written, and the converted form inside a trace), on both executors, and under
``jax.jit``."""

# ruff: noqa: UP031, UP032, B028  (the forms of text the converter meets, as programs write them)
from __future__ import annotations

import logging
import traceback
import warnings

import numpy as np
import pytest

import autograph
from autograph import testing
from runtime.limits import NotStageable
from tests.helpers import jax_usable

X = np.array([3, 0, 1])


def digit_count(x):
    return len(str(int(x[0])))


def compares_text(x):
    return "big" if str(int(x[0])) > "5" else "small"


def f_string_length(x):
    text = f"{x[0]}"
    return len(text)


def percent_length(x):
    return len("%d" % x[0])


def format_method_length(x):
    return len("{}".format(x[1]))


def parses_bits(x):
    bits = ""
    for k in range(3):
        bits += str(int(x[k]) % 2)
    return int(bits, 2)


def joins_mapped_text(x):
    # TSFEL's lempel_ziv: the binarised signal as text, "".join(map(str, ...)), whose substrings are counted
    bits = "".join(map(str, (x > 0).astype(int)))
    return len(set(bits[i:i + 2] for i in range(len(bits) - 1)))


def compares_mapped_text(x):
    items = list(map(str, x))
    return items[0] == "3"


def formats_mapped_text(x):
    return len(",".join(map("{:d}".format, x)))


def joins_with_a_separator_variable(x):
    sep = "-"
    return len(sep.join([str(int(v)) for v in x]))


def largest_by_text(x):
    return int(max(list(x), key=str))


def repr_length(x):
    return len(repr(x[0]))


def ascii_length(x):
    return len(ascii(x[0]))


def repr_field_length(x):
    return len(f"{x[0]!r}")  # (a tensor's repr holds no mark: <Tensor i64[]>)


AS_DATA = [digit_count, compares_text, f_string_length, percent_length, format_method_length, parses_bits,
           joins_mapped_text, compares_mapped_text, formats_mapped_text, joins_with_a_separator_variable,
           largest_by_text, repr_length, ascii_length, repr_field_length]


@pytest.mark.parametrize("fn", AS_DATA, ids=lambda f: f.__name__)
@pytest.mark.parametrize("executor", ["numpy", "jax"])
def test_text_of_a_traced_value_used_as_data_is_refused_at_its_line(fn, executor):
    fn(X)  # (eager runs)
    with pytest.raises(NotStageable, match=r"test_traced_text.py:\d+: text made from a traced value is used as data "
                                           r"here .* the placeholder '<Tensor i64\[\]( #\d+)?>'"):
        autograph.function(fn, executor=executor)(X)


@pytest.mark.parametrize("fn", AS_DATA, ids=lambda f: f.__name__)
def test_on_plain_values_the_text_is_pythons_in_every_form(fn):
    converted = autograph.convert(fn)
    assert converted(X) == fn(X)
    with testing.converted_form():
        assert converted(X) == fn(X)


@pytest.mark.skipif(not jax_usable(), reason="JAX is not installed")
def test_text_of_a_jax_tracer_used_as_data_is_refused_under_jit():
    import jax

    def fn(x):
        return x + len(str(x[0]))
    with pytest.raises(NotStageable, match=r"test_traced_text.py:\d+: text made from a value JAX is tracing is used as "
                                           r"data here .* 'JitTracer\("):
        jax.jit(autograph.convert(fn))(np.arange(3.0))


def raises_with_the_value(x):
    if x[0] > 2:
        raise ValueError(f"too large: {x[0]}")
    return x * 2


def raises_with_a_message_built_first(x):
    message = "too large: %d" % x[0]
    message += f" (of {x.size})"
    if x[0] > 2:
        raise ValueError(message)
    return x * 2


def asserts_with_the_value(x):
    assert x[0] < 3, f"too large: {x[0]}"
    return x * 2


def prints_warns_and_logs(x):
    print(f"x[0] is {x[0]}")
    warnings.warn("x[0] is %s" % x[0])
    logging.getLogger("test_traced_text").debug("x[0] is {}".format(x[0]))
    return x + 1


def labels_with_constants(x):
    name = f"layer_{3}"
    return x + len(name)


@pytest.mark.parametrize("executor", ["numpy", "jax"])
def test_messages_keep_the_value_and_text_of_constants_is_plain(executor, capsys):
    for fn in (raises_with_the_value, raises_with_a_message_built_first, asserts_with_the_value):
        with pytest.raises((ValueError, AssertionError), match="too large: 3"):
            autograph.function(fn, executor=executor)(X)
        np.testing.assert_array_equal(autograph.function(fn, executor=executor)(X - 3), fn(X - 3))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        np.testing.assert_array_equal(autograph.function(prints_warns_and_logs, executor=executor)(X), X + 1)
    np.testing.assert_array_equal(autograph.function(labels_with_constants, executor=executor)(X), X + 7)


def test_the_converter_wraps_text_used_as_data_and_leaves_messages():
    code = autograph.to_code(parses_bits)
    assert "bits += ag__.text(str(ag__.builtin(int, ag__.item(x, k)) % 2))" in code
    for fn in (raises_with_the_value, raises_with_a_message_built_first, asserts_with_the_value, prints_warns_and_logs,
               labels_with_constants):
        assert "ag__.text" not in autograph.to_code(fn), fn.__name__


def prints_joined_text(x):
    print(" ".join(map(str, x)))
    return x + 1


def test_text_made_by_a_callable_is_wrapped_where_it_is_passed_and_joined_text_is_text():
    assert "ag__.text(''.join(map(ag__.text_of(str), (x > 0).astype(int))))" in autograph.to_code(joins_mapped_text)
    assert "key=ag__.text_of(str)" in autograph.to_code(largest_by_text)
    assert "ag__.text(repr(x[0]))" in autograph.to_code(repr_length)
    assert "ag__.text" not in autograph.to_code(prints_joined_text)  # a message, as written
    assert "text_of" not in autograph.to_code(is_text_type)  # `str` as a type stays as written


def is_text_type(x):
    return isinstance(x, str) or x.astype(str).size > 0


@pytest.mark.parametrize("executor", ["numpy", "jax"])
def test_str_as_a_type_and_joined_messages_stage(executor, capsys):
    np.testing.assert_array_equal(autograph.function(prints_joined_text, executor=executor)(X), X + 1)


class _NoText:
    def __str__(self):
        raise ValueError("no text")


def joins_texts(xs):
    return "".join(map(str, xs))


@pytest.mark.untidied_before_311
def test_an_error_made_by_the_text_callable_shows_the_originals_frames():
    # (ag__.text_of(str) calls str for map: its frame is the runtime's, left out as unconverted code has none)
    def frames(fn):
        with pytest.raises(ValueError, match="no text") as info:
            fn([_NoText()])
        return [entry.name for entry in traceback.extract_tb(info.value.__traceback__)][1:]

    assert "ag__.text_of(str)" in autograph.to_code(joins_texts)
    with testing.converted_form():
        assert frames(autograph.convert(joins_texts)) == frames(joins_texts) == ["joins_texts", "__str__"]


def nested_spec_as_data(x, w):
    s = f"{x:{w}}"
    return len(s)


def nested_spec_with_a_call(x, w):
    return f"{x!r:>{len(str(w))}}" + "!"


def nested_specs_in_message_and_result(x, w):
    if x > 100:
        raise ValueError(f"{x:{w}.{w}f}")
    return f"{x:{w}.{w}f}|{x:{'<'}{w}}"


def nested_spec_in_a_loop(xs, w):
    out = []
    for x in xs:
        out.append(f"{x:0{w}d}")
    return out


@pytest.mark.parametrize("fn, args", [(nested_spec_as_data, (3, 5)), (nested_spec_with_a_call, (3, 5)),
                                      (nested_specs_in_message_and_result, (3.25, 4)),
                                      (nested_spec_in_a_loop, ([1, 22], 4))])
def test_a_field_whose_format_spec_has_fields_converts(fn, args):
    # (CPython's locale.currency, click's write_usage, humanize's intcomma: the format spec, an f-string's own part,
    # was wrapped as text of its own, and ast.unparse refused the tree: the converter crashed)
    converted = autograph.convert(fn)
    assert converted(*args) == fn(*args)
    with testing.converted_form():
        assert converted(*args) == fn(*args)
