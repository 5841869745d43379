"""autograph.function: tracing per input signature, concrete functions, Variables, print, errors."""

from __future__ import annotations

import numpy as np
import pytest

import autograph
from autograph import TensorSpec
from tests import helpers

HERE = __file__


def line_of(marker: str) -> int:
    return helpers.line_of(HERE, marker)




def test_decorator_forms_and_python_function():
    def f(x):
        return x * 2

    for made in (autograph.function(f), autograph.function()(f), autograph.function(autograph=True)(f)):
        assert isinstance(made, autograph.Function)
        assert made.python_function is f
        np.testing.assert_array_equal(made(np.arange(3)), np.arange(3) * 2)


def test_one_trace_per_tensor_spec():
    f = autograph.function(lambda x: x + 1)
    f(np.ones(3))
    f(np.zeros(3))
    assert f.tracing_count == 1
    f(np.ones(4))
    f(np.ones(3, np.float32))
    assert f.tracing_count == 3
    assert len(f.concrete_functions) == 3


def test_python_values_are_keyed_by_value():
    f = autograph.function(lambda x, k: x * k)
    f(np.ones(2), 2)
    f(np.ones(2), 2)
    f(np.ones(2), 3)
    f(np.ones(2), 2.0)  # a float is another key than an int
    assert f.tracing_count == 3


def test_unhashable_python_argument_is_a_clear_type_error():
    class Box:
        __hash__ = None

    f = autograph.function(lambda x, box: x)
    with pytest.raises(TypeError, match="unhashable Box"):
        f(np.ones(2), Box())


def test_nested_arguments_and_outputs():
    @autograph.function
    def f(pair, scale=2):
        a, b = pair
        return {"sum": a + b, "scaled": [a * scale, b * scale]}

    out = f((np.ones(2), np.arange(2.0)))
    assert set(out) == {"sum", "scaled"}
    np.testing.assert_array_equal(out["scaled"][1], [0.0, 2.0])


def test_input_signature_with_unknown_dims_accepts_any_size():
    @autograph.function(input_signature=[TensorSpec([None], np.float64)])
    def total(x):
        return np.sum(x)

    assert total(np.ones(3)) == 3.0
    assert total(np.ones(7)) == 7.0
    assert total.tracing_count == 1
    with pytest.raises(TypeError, match="input_signature"):
        total(np.ones((2, 2)))
    with pytest.raises(TypeError, match="input_signature"):
        total(np.ones(3, np.float32))


def test_get_concrete_function_traces_without_running():
    calls = []
    record = calls.append  # (a builtin method: a trace guard does not look into it, so the trace is kept)

    @autograph.function
    def f(x):
        record(1)
        return x * 2

    concrete = f.get_concrete_function(TensorSpec((None, 2), np.float32))
    assert isinstance(concrete, autograph.ConcreteFunction)
    assert f.tracing_count == 1 and len(calls) == 1
    assert concrete.output_spec == TensorSpec((None, 2), np.float32)
    assert concrete.structured_input_signature == ((TensorSpec((None, 2), np.float32),), {})
    out = concrete(np.ones((5, 2), np.float32))
    assert isinstance(out, np.ndarray) and out.shape == (5, 2)
    assert f.get_concrete_function(np.ones((3, 2), np.float32)) is not concrete  # (3, 2) is its own key
    assert "mul" in str(concrete.graph)


def test_pretty_printed_concrete_signatures():
    f = autograph.function(lambda x, n: x * n)
    f(np.ones(3), 2)
    f(np.ones((2, 2), np.int32), 3)
    text = f.pretty_printed_concrete_signatures()
    blocks = text.split("\n\n")
    assert len(blocks) == 2
    assert "x: float64 Tensor, shape=(3,)" in blocks[0] and "n: 2" in blocks[0]
    assert "Returns:\n    float64 Tensor, shape=(3,)" in blocks[0]
    assert "x: int32 Tensor, shape=(2, 2)" in blocks[1]


def test_python_print_runs_while_tracing_and_autograph_print_at_every_run(capsys):
    @autograph.function
    def f(x):
        print("tracing")
        autograph.print("running", x)
        return x

    f(np.float64(1.0))
    f(np.float64(2.0))
    assert capsys.readouterr().out == "tracing\nrunning 1.0\nrunning 2.0\n"


def test_run_functions_eagerly():
    traced = []

    @autograph.function
    def f(x):
        traced.append(type(x))
        return x + 1

    assert not autograph.functions_run_eagerly()
    autograph.run_functions_eagerly(True)
    try:
        assert autograph.functions_run_eagerly()
        f(np.ones(2))
        assert traced == [np.ndarray] and f.tracing_count == 0
    finally:
        autograph.run_functions_eagerly(False)
    f(np.ones(2))
    assert f.tracing_count == 1


def test_calls_between_functions_trace_inline():
    inner = autograph.function(lambda x: x * 3)

    @autograph.function
    def outer(x):
        return inner(x) + 1

    np.testing.assert_array_equal(outer(np.ones(2)), [4.0, 4.0])
    assert inner.tracing_count == 0
    assert [n.op for n in outer.concrete_functions[0].graph.nodes].count("mul") == 1


def test_variables_are_assigned_inside_and_persist():
    v = autograph.Variable(np.zeros(2))

    @autograph.function
    def bump(x):
        v.assign_add(x)
        return v.value

    bump(np.ones(2))
    np.testing.assert_array_equal(bump(np.ones(2)), [2.0, 2.0])
    np.testing.assert_array_equal(v.numpy(), [2.0, 2.0])


def test_variable_created_on_a_retrace_is_an_error():
    @autograph.function
    def f(x):
        v = autograph.Variable(np.ones(2))  # create-variable
        return x * v

    f(np.ones(2))  # the first trace may create it
    with pytest.raises(ValueError) as info:
        f(np.ones(2, np.float32))
    message = str(info.value)
    assert message.startswith(f"{HERE}:{line_of('create-variable')}: ")
    assert "outside" in message


def test_autograph_false_traces_as_written():
    def relu(x):
        if np.sum(x) > 0:  # tensor-bool
            return x
        return -x

    plain = autograph.function(relu, autograph=False)
    with pytest.raises(TypeError) as info:
        plain(np.ones(2))
    assert "autograph=True" in str(info.value)
    assert f"{HERE}:{line_of('tensor-bool')}" in str(info.value)
    np.testing.assert_array_equal(autograph.function(relu)(-np.ones(2)), np.ones(2))


def test_methods():
    class Model:
        def __init__(self):
            self.scale = 3.0

        @autograph.function
        def apply(self, x):
            if np.sum(x) > 0:
                x = x * self.scale
            return x

    m = Model()
    np.testing.assert_array_equal(m.apply(np.ones(2)), [3.0, 3.0])
    np.testing.assert_array_equal(m.apply(-np.ones(2)), [-1.0, -1.0])


def _slices(x):
    return x[1:], slice(x.shape[0])  # (PyWavelets' coeffs_to_array returns the slices of each part)


def test_returning_a_python_object_a_graph_cannot_compute_is_a_refusal_naming_the_function():
    with pytest.raises(autograph.NotStageable, match=r"test_function.py:\d+: _slices returns a slice \(its return "
                                                     r"value\[1\]\), which a graph cannot compute.*Return the "
                                                     r"object's arrays instead"):
        autograph.function(_slices)(np.arange(3.0))
