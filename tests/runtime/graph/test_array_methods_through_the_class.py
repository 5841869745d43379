"""A method of NumPy's arrays called through the class (``np.ndarray.astype(mask, "uint8")``) is the array's method.

pysteps' ``compute_dilated_mask`` writes ``np.ndarray.astype(input_mask.copy(), "uint8")``. The converter called such
a method descriptor as it is, and NumPy's descriptor refused the graph's tensor (``TypeError: descriptor 'astype' for
'numpy.ndarray' objects doesn't apply to a 'Tensor' object``) while tracing, on both executors. Such calls now go
through ``ag__.builtin`` (runtime/builtin_calls.py, ``_array_method``): a backend's value answers with its own method
of that name, a NumPy array's bound method is called as ``a.dot(t)`` is, and anything else gets NumPy's TypeError.
Each program runs on every path: as written, converted outside a trace, its converted form on plain values inside
our trace and a JAX trace, and traced on each executor and under ``backend="jax"``."""

from __future__ import annotations

import numpy as np
import pytest

import autograph
from autograph.testing import converted_form
from tests.helpers import jax_usable

X = np.array([[1.5, -2.0, 0.25], [3.0, 0.5, -1.0]])
MASK = np.array([[True, False, True], [False, True, False]])


def dilated_mask_start(input_mask):  # (pysteps/nowcasts/utils.py, compute_dilated_mask's first line)
    input_mask = np.ndarray.astype(input_mask.copy(), "uint8")
    return input_mask * 2


def sums_by_keyword(x):
    return np.ndarray.sum(x, axis=0) + np.ndarray.sum(x)


def method_held_in_a_variable(x):
    mean = np.ndarray.mean  # (reached through a name the converter cannot resolve: ag__.call routes it)
    return mean(x) * np.ndarray.cumsum(np.ndarray.reshape(x, (3, 2)), axis=1)


def constant_matrix_times_an_argument(x):
    A = np.array([[2.0, 0.0, 1.0], [1.0, -1.0, 0.5]])
    return np.ndarray.dot(A, x[:, 0])


def chosen_in_a_branch(x):
    if x.sum() > 0:
        y = np.ndarray.max(x, axis=1)
    else:
        y = np.ndarray.min(x, axis=1)
    return np.ndarray.clip(y, -1.0, 1.0)


def given_what_is_no_array(x):
    return np.ndarray.sum([1.0, 2.0]) + x  # NumPy's TypeError: the descriptor takes arrays only


# Each program written with the methods bound (`a.astype("uint8")`): under backend="jax", whose answers are JAX's
# (float32, and its refusal of a NumPy array's method given a tracer), the program's twin is the oracle.
def dilated_mask_start_bound(input_mask):
    return input_mask.copy().astype("uint8") * 2


def sums_by_keyword_bound(x):
    return x.sum(axis=0) + x.sum()


def method_held_in_a_variable_bound(x):
    return x.mean() * x.reshape((3, 2)).cumsum(axis=1)


def constant_matrix_times_an_argument_bound(x):
    A = np.array([[2.0, 0.0, 1.0], [1.0, -1.0, 0.5]])
    return A.dot(x[:, 0])


def chosen_in_a_branch_bound(x):
    if x.sum() > 0:
        y = x.max(axis=1)
    else:
        y = x.min(axis=1)
    return y.clip(-1.0, 1.0)


def given_what_is_no_array_bound(x):
    return np.ndarray.sum([1.0, 2.0]) + x


TWINS = {dilated_mask_start: dilated_mask_start_bound, sums_by_keyword: sums_by_keyword_bound,
         method_held_in_a_variable: method_held_in_a_variable_bound,
         constant_matrix_times_an_argument: constant_matrix_times_an_argument_bound,
         chosen_in_a_branch: chosen_in_a_branch_bound, given_what_is_no_array: given_what_is_no_array_bound}
CASES = [
    (dilated_mask_start, (MASK,)), (sums_by_keyword, (X,)), (method_held_in_a_variable, (X,)),
    (constant_matrix_times_an_argument, (X.T.copy(),)), (chosen_in_a_branch, (X,)), (chosen_in_a_branch, (-X,)),
    (given_what_is_no_array, (X,)),
]
IDS = [f"{fn.__name__}-{i}" for i, (fn, _) in enumerate(CASES)]


def _outcome(call):
    try:
        value = np.asarray(call())
        return "value", value.dtype, value.tolist()
    except Exception as error:  # noqa: BLE001  (the outcome compared)
        return "raise", type(error)


@pytest.mark.parametrize(("fn", "args"), CASES, ids=IDS)
def test_the_converted_function_on_plain_values_is_the_originals(fn, args) -> None:
    want = _outcome(lambda: fn(*args))
    converted = autograph.convert(fn)
    assert _outcome(lambda: converted(*args)) == want
    with converted_form():
        assert _outcome(lambda: converted(*args)) == want
    if jax_usable():  # inside a JAX trace, where converted functions run their converted form too
        import jax
        import jax.numpy as jnp

        seen = []
        jax.make_jaxpr(lambda: (seen.append(_outcome(lambda: converted(*args))), jnp.zeros(()))[1])()
        assert seen[0] == want


@pytest.mark.parametrize("mode", [dict(executor="numpy"), dict(executor="jax"), dict(backend="jax")],
                         ids=["numpy", "xla", "backend-jax"])
@pytest.mark.parametrize(("fn", "args"), CASES, ids=IDS)
def test_traced_it_gives_numpys_answer_or_error(fn, args, mode) -> None:
    if mode != dict(executor="numpy") and not jax_usable():
        pytest.skip("JAX is not installed")
    want = _outcome(lambda: fn(*args))
    if mode == dict(backend="jax"):
        want = _outcome(lambda: autograph.function(TWINS[fn], **mode)(*args))
    else:
        assert _outcome(lambda: TWINS[fn](*args)) == want
    got = _outcome(lambda: autograph.function(fn, **mode)(*args))
    assert got == want


def test_the_converted_code_routes_the_call() -> None:
    assert "ag__.builtin(np.ndarray.astype, " in autograph.to_code(dilated_mask_start)
