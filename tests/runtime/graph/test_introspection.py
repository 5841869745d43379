"""What a program asks a traced value about itself, against eager NumPy: ``type()``, ``isinstance()``,
``hasattr()`` / ``getattr()`` of an array attribute, its text. Each answer is eager's, or a clear refusal
(``Limitation``) that no handler, default or library can turn into another answer.

A 0-d graph tensor stands for a NumPy scalar (``x[0]``, ``np.sum(x)``) or a 0-d ``ndarray``
(``np.zeros(())``, ``np.asarray(s)``, an array written into): the Python object's property, not its
value's (runtime/graph/tensor.py, ``stands_for_scalar``).
"""

from __future__ import annotations

import copy
import functools
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import autograph
from autograph.testing import converted_form
from runtime.limits import Limitation
from tests.helpers import executors, jax_usable

pytestmark = pytest.mark.filterwarnings("ignore::autograph.RetracingWarning")  # (one trace per chain asked)

# --- the values asked about: an array step, a step to 0-d, and a 0-d step ----------------------------------


def same(x):
    return x


def doubled(x):
    return x * 2


def tail(x):
    return x[1:]


ARRAY_STEPS = (same, doubled, tail)


def element(x):
    return x[0]


def total(x):
    return np.sum(x)


def method_total(x):
    return x.sum()


def largest(x):
    return np.max(x)


def ellipsis_element(x):
    return x[..., 0]


def kept_dims_element(x):
    return x.sum(keepdims=True)[0]


TO_0D_STEPS = (element, total, method_total, largest, ellipsis_element, kept_dims_element)


def nothing(s):
    return s


def as_array(s):
    return np.asarray(s)


def as_any_array(s):
    return np.asanyarray(s)


def array_copy(s):
    return np.array(s)


def plus_one(s):
    return s + 1


def root(s):
    return np.sqrt(np.abs(s))


def written_zeros(s):
    a = np.zeros((), dtype=s.dtype)
    a[()] = s
    return a


def added_in_place(s):
    a = np.zeros(())
    a += s
    return a


def out_array(s):
    return np.add(s, 1.0, out=np.empty(()))


def reshaped(s):
    return np.reshape(s, ())


def np_copy(s):
    return np.copy(s)


def method_reshape(s):  # (of a NumPy scalar, a scalar; of an array, an array: the graph said scalar for both)
    return s.reshape(())


def method_astype(s):
    return s.astype(np.float32)


def transposed(s):
    return s.T


def method_copy(s):
    return s.copy()


def copied(s):
    return copy.copy(s)


def deep_copied(s):
    return copy.deepcopy(s)


SCALAR_STEPS = (nothing, as_array, as_any_array, array_copy, plus_one, root, written_zeros, added_in_place,
                out_array, reshaped, np_copy, method_reshape, method_astype, transposed, method_copy, copied,
                deep_copied)


def ask(x, steps, question):
    v = x
    for step in steps:
        v = step(v)
    return answer(v, question)


def answer(v, question):
    if question == 0:
        return type(v) is np.ndarray
    if question == 1:
        return isinstance(v, np.ndarray)
    if question == 2:
        return type(v).__name__
    if question == 3:
        return isinstance(v, float)
    if question == 4:
        return np.isscalar(v)
    if question == 6:
        return np.ma.isMaskedArray(v)  # (NumPy's own isinstance, from code autograph does not convert)
    if question == 7:
        return isinstance(v, (int, np.integer))
    if question == 8:
        return hasattr(v, "__iter__")  # (PyAstronomy's daycnv: a NumPy scalar has none, an array has one)
    if question == 9:
        return hasattr(v, "__len__")
    if question == 10:
        return hasattr(v, "shape") and not hasattr(v, "builder")
    return type(v) is type(v * 1)  # (a ufunc's result on a 0-d array is a scalar: False for arrays)


QUESTIONS = st.sampled_from([0, 1, 2, 3, 4, 5, 8, 9, 10])
CHAINS = st.tuples(st.sampled_from(ARRAY_STEPS), st.sampled_from(TO_0D_STEPS), st.sampled_from(SCALAR_STEPS))
DTYPES = st.sampled_from([np.float64, np.float32, np.int64])


def _eager(x, steps, question):
    with np.errstate(all="ignore"):
        return ask(x.copy(), steps, question)


@pytest.mark.parametrize("executor", executors())
@settings(max_examples=120, deadline=None)
@given(chain=CHAINS, question=QUESTIONS, dtype=DTYPES)
def test_type_and_isinstance_of_a_traced_value_are_eagers_or_refused(executor, chain, question, dtype):
    _assert_eagers_or_refused(ask, executor, chain, question, dtype)


def _assert_eagers_or_refused(asker, executor, chain, question, dtype):
    x = np.array([1.0, 2.0, 4.0], dtype=dtype)
    with np.errstate(all="ignore"):
        want = asker(x.copy(), chain, question)
    function = autograph.function(asker, executor=executor)
    try:
        got = function(x.copy(), chain, question)
    except Limitation:
        # A refusal is fair only where the graph cannot tell a scalar from an array; the 0-d steps of ANSWERED
        # always make one it knows (pinned below), so they must never refuse.
        assert chain[2] not in ANSWERED, chain
        return
    got = got.item() if isinstance(got, np.ndarray) else got
    assert got == want, (chain, question, got, want)


# The 0-d steps the graph must answer for (from any step to 0-d): each makes a known scalar or array.
ANSWERED = frozenset({as_array, as_any_array, array_copy, plus_one, root, written_zeros, added_in_place,
                      out_array, np_copy, method_copy, copied, deep_copied})


@pytest.mark.parametrize("executor", executors())
@pytest.mark.parametrize("step", sorted(ANSWERED, key=lambda f: f.__name__), ids=lambda f: f.__name__)
@pytest.mark.parametrize("to_0d", [element, total], ids=lambda f: f.__name__)
def test_known_scalars_and_0d_arrays_answer_type_as_eager_does(executor, step, to_0d):
    x = np.array([1.0, 2.0, 4.0])
    function = autograph.function(ask, executor=executor)
    for question in (0, 1, 2, 3, 4, 5, 8, 9, 10):
        got = function(x, (same, to_0d, step), question)
        got = got.item() if isinstance(got, np.ndarray) else got
        assert got == _eager(x, (same, to_0d, step), question), (step, question)


@settings(max_examples=60, deadline=None)
@given(chain=CHAINS, question=QUESTIONS, dtype=DTYPES)
def test_on_plain_values_the_converted_form_asks_type_as_python_does(chain, question, dtype):
    x = np.array([1.0, 2.0, 4.0], dtype=dtype)
    converted = autograph.convert(ask)
    with converted_form():
        got = converted(x.copy(), chain, question)
    assert got == _eager(x, chain, question)


def test_a_0d_argument_is_what_the_call_passed_a_numpy_scalar_or_a_0d_array():
    # The trace key tells a NumPy scalar from a 0-d array (TensorSpec.scalar): each its own trace, and type(),
    # isinstance() and np.isscalar() answer as for the object passed (they had refused: the key shared one trace).
    def kind(s):
        if isinstance(s, np.ndarray):
            return s * 2, type(s).__name__, np.isscalar(s), isinstance(s, float)
        return s + 100, type(s).__name__, np.isscalar(s), isinstance(s, float)

    arguments = [np.float64(2.0), np.array(2.0), np.float32(3.0), np.array(3.0, np.float32), np.int64(4), np.float64(5)]
    for executor in ("numpy", "jax") if jax_usable() else ("numpy",):
        staged = autograph.function(kind, executor=executor)
        for _ in range(2):  # the second round: every call on the fast path, each to its own trace
            for value in arguments:
                got, expected = staged(value), kind(value)
                assert [float(got[0]), *got[1:]] == [float(expected[0]), *expected[1:]], (value, got, expected)
        assert staged.tracing_count == 5


def test_a_0d_array_argument_updated_in_place_is_the_callers_array_updated():
    def bump(x):
        x += 1  # NumPy: in place on a 0-d array (the caller's), a new value for a NumPy scalar
        return x * 2

    for executor in ("numpy", "jax") if jax_usable() else ("numpy",):
        staged = autograph.function(bump, executor=executor)
        array, scalar = np.array(1.0), np.float64(1.0)
        assert staged(array) == 4.0 and array == 2.0
        assert staged(scalar) == 4.0 and scalar == 1.0


def test_type_of_an_argument_that_may_be_either_is_refused_with_advice():
    def kind(s):
        return type(s).__name__

    spec = autograph.TensorSpec((), np.float64)  # an input_signature's 0-d spec: either, whichever the call passes
    with pytest.raises(autograph.NotStageable, match=r"type\(\) of a 0-d graph tensor.*test the dtype"):
        autograph.function(kind, input_signature=[spec])(np.float64(2.0))


def test_a_0d_spec_says_scalar_only_for_0d():
    assert repr(autograph.TensorSpec((), np.float32, scalar=True)) == "TensorSpec(shape=(), dtype=float32, scalar=True)"
    assert autograph.TensorSpec((), scalar=False) != autograph.TensorSpec(())
    with pytest.raises(ValueError, match=r"only a 0-d spec stands for a NumPy scalar"):
        autograph.TensorSpec((3,), scalar=True)


def test_a_0d_array_updated_in_place_is_seen_through_every_name_for_it():
    def alias(x):
        a = np.zeros(())
        b = a
        a += x[0]  # NumPy updates the array in place: b is a
        return b

    x = np.array([1.5, 2.0])
    for executor in ("numpy", "jax") if jax_usable() else ("numpy",):
        assert autograph.function(alias, executor=executor)(x) == alias(x) == 1.5


def test_a_scalar_updated_in_place_is_rebound_as_python_does():
    def rebind(x):
        s = x[0]
        t = s
        s += 1  # a NumPy scalar is immutable: s is a new scalar, t keeps the old one
        return t, s

    x = np.array([1.5, 2.0])
    got = autograph.function(rebind)(x)
    assert (float(got[0]), float(got[1])) == tuple(map(float, rebind(x))) == (1.5, 2.5)


# --- attributes NumPy arrays have and graph tensors do not --------------------------------------------------

def probes_flags(x):
    return hasattr(x, "flags")


def defaults_ctypes(x):
    return getattr(x, "ctypes", -1)


def catches_strides(x):
    try:
        return x.strides[0]
    except AttributeError:
        return -1


@pytest.mark.parametrize("fn", [probes_flags, defaults_ctypes, catches_strides], ids=lambda f: f.__name__)
def test_an_array_attribute_asked_by_the_program_is_a_refusal_not_a_default(fn):
    x = np.array([1.0, 2.0])
    assert fn(x) not in (False, -1)  # eager has it
    with pytest.raises(autograph.NotOnTensors, match=r"test_introspection.py:\d+: ndarray\.\w+ is not supported"):
        autograph.function(fn)(x)


def test_an_attribute_arrays_lack_too_is_answered_as_eager_does():
    def probes(x):
        return hasattr(x, "no_such_attribute"), hasattr(x, "T"), getattr(x, "nope", 3)

    x = np.array([1.0, 2.0])
    got = autograph.function(probes)(x)  # (Python values known at the trace: returned as they are)
    assert got == probes(x) == (False, True, 3) and [type(v) for v in got] == [bool, bool, int]


def on_device(x):
    return x.device == "cpu" and x[0].device == "cpu"  # (scikit-bio's ilr asks the array API's device)


@pytest.mark.parametrize("executor", executors())
def test_the_array_apis_device_is_numpys_cpu(executor):
    x = np.array([1.0, 2.0])
    assert on_device(x) and autograph.function(on_device, executor=executor)(x)


# --- text ---------------------------------------------------------------------------------------------------

def text_of_element(x):
    return str(x[0])


def repr_in_a_dict(x):
    return {"x": repr(x), "n": x.sum()}


def percent_text(x):
    return "total %s" % np.sum(x)  # noqa: UP031  (the % operator asks the text too)


@pytest.mark.parametrize("executor", executors())
@pytest.mark.parametrize("fn", [text_of_element, repr_in_a_dict, percent_text], ids=lambda f: f.__name__)
def test_a_returned_string_made_from_a_traced_value_is_refused(executor, fn):
    # (converted code's text used as data is refused where it is made, ag__.text; a returned repr() when returned)
    with pytest.raises(autograph.NotStageable, match=r"(returns a string made from the text of a traced value|text "
                                                     r"made from a traced value is used as data here).*"
                                                     r"<Tensor f64\[\d*\]"):
        autograph.function(fn, executor=executor)(np.array([1.0, 2.0]))


@pytest.mark.skipif(not jax_usable(), reason="needs JAX")
def test_a_returned_string_made_from_a_jax_tracer_is_refused():
    import jax.numpy as jnp

    def text(x):
        return str(x[0]), x * 2

    with pytest.raises(autograph.NotStageable, match="text made from a value JAX is tracing is used as data"):
        autograph.function(text, backend="jax")(jnp.array([1.0, 2.0]))


def test_static_strings_are_returned_as_they_are():
    def labelled(x):
        return f"shape {x.shape} of {x.dtype}", x + 1

    label, y = autograph.function(labelled)(np.array([1.0, 2.0]))
    assert label == "shape (2,) of float64" and list(y) == [2.0, 3.0]


def test_a_string_with_a_format_spec_of_a_traced_value_is_refused_when_returned():
    # (In a raise under a staged if, an assert or a print, the graph writes the value in: test_formatted.py.)
    def formatted(x):
        return f"{x[0]:.2f}"

    with pytest.raises(autograph.NotStageable, match=r"text made from a traced value is used as data here"):
        autograph.function(formatted)(np.array([1.0, 2.0]))


# --- arrays made in comprehensions; a library's error in place of a refusal ---------------------------------

def tableaux(a):
    t = tuple(np.empty(3) for _ in range(2))  # (QuantEcon's lemke_howson makes its tableaux so)
    u = [np.zeros(3) for _ in range(2)]
    t[0][0] = a[0]
    u[1][2] = a[1]
    return t[0][0] + u[1][2]


def test_arrays_a_comprehension_makes_in_a_traced_function_are_graph_arrays():
    x = np.array([1.5, 2.0])
    for executor in ("numpy", "jax") if jax_usable() else ("numpy",):
        assert autograph.function(tableaux, executor=executor)(x) == tableaux(x) == 3.5


def test_a_library_error_in_place_of_a_refusal_gives_the_refusal():
    def write_into_a_constant(r):
        t = [np.array([0.0, 1.0, 2.0])]  # a NumPy array (a display of constants): writing a tensor into it is refused
        t[0][0] = r[0]
        return t[0]

    # NumPy turns the tensor's refusal into "ValueError: setting an array element with a sequence."
    with pytest.raises(autograph.NotStageable, match=r"test_introspection.py:\d+: a NumPy array written with a graph "
                                                     r"tensor \(f64\[\]\) as the index or the value"):
        autograph.function(write_into_a_constant)(np.array([1.5, 2.0]))


# --- dtypes -------------------------------------------------------------------------------------------------

DTYPE_NAMES = st.sampled_from(["bool", "int8", "uint8", "int32", "int64", "float16", "float32", "float64",
                               "complex64"])


@pytest.mark.parametrize("executor", executors())
@settings(max_examples=60, deadline=None)
@given(a=DTYPE_NAMES, b=DTYPE_NAMES, extra=st.sampled_from([None, 1, 1.0, 1j, True, np.int16, "float16"]))
def test_result_type_of_traced_values_is_numpys(executor, a, b, extra):
    def promoted(x, y):
        more = () if extra is None else (extra,)
        return np.result_type(x, y[0], *more).name  # (an array, a NumPy scalar, a Python number or dtype)

    x, y = np.ones(2, dtype=a), np.ones(2, dtype=b)
    assert autograph.function(promoted, executor=executor)(x, y) == promoted(x, y)


def test_result_type_takes_a_dimension_known_at_run_time_as_the_python_int_it_is():
    def promoted(x):
        return np.result_type(x, x.shape[0]).name, x + 1  # (a weak int: int8 stays int8)

    function = autograph.function(promoted, input_signature=[autograph.TensorSpec([None], np.int8)])
    assert function(np.ones(3, np.int8))[0] == promoted(np.ones(3, np.int8))[0] == "int8"


# --- Python numbers from a traced value ---------------------------------------------------------------------

PYTHON_NUMBER_OF = {"float": float, "int": int, "bool": bool, "floor": math.floor, "ceil": math.ceil,
                    "sqrt": math.sqrt, "round": round, "isnan": math.isnan}


def scaled_by_a_python_number(x, name):
    s = PYTHON_NUMBER_OF[name](np.abs(x[0]))
    return x * s, type(s).__name__, np.result_type(x, s).name


@pytest.mark.parametrize("executor", executors())
@settings(max_examples=80, deadline=None)
@given(name=st.sampled_from(sorted(PYTHON_NUMBER_OF)),
       dtype=st.sampled_from(["float16", "float32", "float64", "int8", "uint8", "int32", "int64"]))
def test_a_python_number_made_from_a_traced_value_promotes_weakly_as_numpys(executor, name, dtype):
    # float(s), int(s), math.floor(s), round(s) are Python numbers whatever s is: next to an array NumPy 2 promotes
    # them weakly (a float32 array times float(s) is float32), not as the float64 / int64 tensor they are computed in.
    x = np.array([2.0, 3.0, 5.0]).astype(dtype)
    if name in ("floor", "ceil", "round") and dtype.startswith("float16"):
        x = x.astype(np.float32)
    want = scaled_by_a_python_number(x, name)
    got = autograph.function(scaled_by_a_python_number, executor=executor)(x, name)
    assert got[0].dtype == want[0].dtype and got[1:] == want[1:], (got, want)
    np.testing.assert_array_equal(got[0], want[0])


def test_math_trunc_of_a_numpy_scalar_without_trunc_is_pythons_type_error():
    def truncated(x):
        return math.trunc(x[0])

    x32 = np.array([2.5], np.float32)
    with pytest.raises(TypeError, match="type numpy.float32 doesn't define __trunc__ method"):
        truncated(x32)
    with pytest.raises(TypeError, match="type numpy.float32 doesn't define __trunc__ method"):
        autograph.function(truncated)(x32)
    assert autograph.function(truncated)(np.array([2.5])) == truncated(np.array([2.5])) == 2


def test_routed_callables_reached_through_a_variable_answer_as_by_name():
    def kinds(x):
        ask_type, scalar, to_float = type, np.isscalar, float  # names the converter cannot resolve to the callables
        return ask_type(x[0]).__name__, scalar(x[0]), x * to_float(x[1])

    x = np.array([1.5, 2.0], np.float32)
    for executor in ("numpy", "jax") if jax_usable() else ("numpy",):
        name, scalar, y = autograph.function(kinds, executor=executor)(x)
        assert (name, bool(scalar), y.dtype) == ("float32", True, np.float32) == kinds(x)[:2] + (kinds(x)[2].dtype,)


# --- the same questions, asked by code autograph does not convert --------------------------------------------
# A constructor runs as written (docs/limitations.md), and so does a function marked do_not_convert or a library's:
# there `isinstance` is Python's own, which asks the tensor's `__class__` (runtime/graph/tensor.py): the class of
# what it stands for, as converted code's `isinstance` answers. (`type(v)` cannot be answered so: see below.)

@functools.singledispatch
def _dispatched(v):
    return "object"


@_dispatched.register
def _(v: np.ndarray):
    return "ndarray"


@_dispatched.register
def _(v: float):
    return "float"


@autograph.do_not_convert
def _ask_as_written(v, question):
    if question == 0:
        return isinstance(v, np.ndarray)
    if question == 1:
        return isinstance(v, float)
    if question == 2:
        return np.isscalar(v)
    if question == 3:
        return isinstance(v, np.generic)
    if question == 4:
        return isinstance(v, (int, np.integer))
    return _dispatched(v)


class _AskedInAConstructor:
    def __init__(self, v, question):
        self.answer = _ask_as_written(v, question) if question < 6 else isinstance(v, np.ndarray)


def ask_unconverted(x, steps, question):
    v = x
    for step in steps:
        v = step(v)
    return _AskedInAConstructor(v, question).answer


@pytest.mark.parametrize("executor", executors())
@settings(max_examples=120, deadline=None)
@given(chain=CHAINS, question=st.integers(0, 6), dtype=DTYPES)
def test_isinstance_in_code_autograph_does_not_convert_is_eagers_or_refused(executor, chain, question, dtype):
    _assert_eagers_or_refused(ask_unconverted, executor, chain, question, dtype)


def test_the_runtime_itself_still_sees_a_tensor():
    """Only code outside the runtime and the converter is answered for what the tensor stands for: the runtime's own
    checks (``isinstance(v, np.ndarray)`` to tell a constant from a traced value) see the tensor."""
    from runtime.graph.tensor import Tensor

    namespace = {"__name__": "runtime.probe"}  # (a function of the runtime's, as far as __class__ can tell)
    exec("def class_seen(v):\n    return v.__class__, isinstance(v, np.ndarray)\n", {**namespace, "np": np}, namespace)
    seen = {}
    keep = seen.__setitem__  # (kept through a builtin method, which a trace guard does not look into: a tensor
    #                          stored in `seen` itself would be refused as the trace ends)

    def probe(x):
        s = x[0]
        keep("user", (isinstance(x, np.ndarray), isinstance(s, np.float64), s.__class__))
        keep("values", (x, s))
        return s

    autograph.function(probe)(np.array([1.0, 2.0]))
    assert seen["user"] == (True, True, np.float64)
    assert [namespace["class_seen"](v) for v in seen["values"]] == [(Tensor, False), (Tensor, False)]


# --- NumPy functions with a 0-d result: a scalar or a 0-d array, as each function chooses ----------------------

FUNCTIONS_TO_0D = {
    "median": lambda x, m: np.median(x),
    "percentile": lambda x, m: np.percentile(x, 30),
    "quantile": lambda x, m: np.quantile(x, 0.3),
    "average": lambda x, m: np.average(x),
    "weighted_average": lambda x, m: np.average(x, weights=x),
    "ptp": lambda x, m: np.ptp(x),
    "var": lambda x, m: np.var(x),
    "std": lambda x, m: np.std(x),
    "cov": lambda x, m: np.cov(x),  # (a 0-d array: cov squeezes its result)
    "corrcoef": lambda x, m: np.corrcoef(x),
    "dot": lambda x, m: np.dot(x, x),
    "inner": lambda x, m: np.inner(x, x),
    "vdot": lambda x, m: np.vdot(x, x),
    "einsum": lambda x, m: np.einsum("i,i", x, x),
    "trace": lambda x, m: np.trace(m),
    "det": lambda x, m: np.linalg.det(m),
    "norm": lambda x, m: np.linalg.norm(x),
    "slogdet": lambda x, m: np.linalg.slogdet(m)[1],
    "interp": lambda x, m: np.interp(2.5, np.arange(3.0), x),
    "polyval": lambda x, m: np.polyval(x, 2.0),
    "squeezed": lambda x, m: np.squeeze(x[:1]),
    "where": lambda x, m: np.where(x[0] > 0, 1.0, 2.0),  # (a 0-d array)
    "clip": lambda x, m: np.clip(x[0], 0, 1),
    "around": lambda x, m: np.round(x[1]),
    "argmax": lambda x, m: np.argmax(x),
    "searchsorted": lambda x, m: np.searchsorted(x, 2.5),
    "count_nonzero": lambda x, m: np.count_nonzero(x),
    "nansum": lambda x, m: np.nansum(x),
    "amax": lambda x, m: np.amax(m),
}


def ask_function(x, m, name, question):
    return answer(FUNCTIONS_TO_0D[name](x, m), question)


@pytest.mark.parametrize("executor", executors())
@pytest.mark.parametrize("name", sorted(FUNCTIONS_TO_0D))
def test_a_numpy_functions_0d_result_is_a_scalar_or_an_array_as_numpy_returns_it(executor, name):
    """Which of the two a function returns is its own choice (``np.cov`` of a vector ends with a division and
    returns a 0-d array; ``np.median`` a scalar), asked of NumPy, never guessed from the graph's last op."""
    x, m = np.array([1.0, 2.0, 4.0]), np.array([[2.0, 1.0], [1.0, 3.0]])
    function = autograph.function(ask_function, executor=executor)
    # A Python int (np.count_nonzero before NumPy 2.3) is no type a graph's 0-d tensor stands for: asked about, refused.
    python_int = type(FUNCTIONS_TO_0D[name](x, m)) is int
    for question in range(8):
        with np.errstate(all="ignore"):
            want = ask_function(x, m, name, question)
        try:
            got = function(x, m, name, question)
        except Limitation:
            if python_int:
                continue
            raise
        got = got.item() if isinstance(got, np.ndarray) else got
        assert got == want, (name, question, got, want)


def test_a_0d_result_numpy_cannot_be_asked_about_is_refused_not_guessed():
    """A 0-d argument that may be a NumPy scalar or a 0-d array (an ``input_signature`` types it) is asked about
    both ways: ``np.where`` returns a 0-d array of either (the graph's elementwise select had answered a scalar),
    ``np.transpose`` a scalar of a scalar and an array of an array: refused."""
    spec = [autograph.TensorSpec([], np.float64)]
    where = autograph.function(lambda s: isinstance(np.where(s > 0, s, 1.0), np.ndarray), input_signature=spec)
    assert where(np.float64(2.0)) == isinstance(np.where(np.float64(2.0) > 0, 2.0, 1.0), np.ndarray) is True
    transposed = autograph.function(lambda s: isinstance(np.transpose(s * 2), np.ndarray), input_signature=spec)
    assert not transposed(np.float64(2.0))  # (s * 2 is a scalar either way)
    transposed = autograph.function(lambda s: isinstance(np.transpose(s), np.ndarray), input_signature=spec)
    with pytest.raises(Limitation, match="isinstance.*0-d graph tensor.*cannot tell"):
        transposed(np.float64(2.0))
