"""autograph.testing: strategies from TensorSpecs, and the eager / graph / XLA / JAX agreement check.

It must pass functions that agree (the tutorial's), catch functions that disagree, shrink the
input it reports, and say what each backend gave.
"""

from __future__ import annotations

import pathlib
import subprocess
import sys
import warnings

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import autograph
from autograph import TensorSpec
from autograph.testing import (
    BackendSkippedWarning,
    MismatchError,
    arrays,
    assert_graph_matches_eager,
    assert_matches_eager,
    from_specs,
)
from tests.helpers import needs_jax

ROOT = pathlib.Path(__file__).resolve().parent.parent.parent
sys.path.insert(0, str(ROOT / "examples"))
import tutorial  # noqa: E402

VECTOR = TensorSpec((None,), np.float64)


# --- strategies -----------------------------------------------------------------------------------------

@settings(max_examples=50, deadline=None)
@given(st.data())
def test_arrays_fit_their_spec(data):
    spec = data.draw(st.sampled_from([TensorSpec((None, 3), np.float32), TensorSpec((), np.int8),
                                      TensorSpec((2, None), np.complex128), TensorSpec((None,), np.bool_)]))
    x = data.draw(arrays(spec, max_side=3))
    assert spec.is_compatible_with(x)
    assert all(1 <= side <= 3 for side, want in zip(x.shape, spec.shape) if want is None)
    if x.dtype.kind in "fc":  # zero or a magnitude in [1e-3, 1e6], for each part of a complex
        parts = np.abs(np.concatenate([x.real.ravel(), x.imag.ravel()]))
        assert np.all((parts == 0) | ((parts >= parts.dtype.type(1e-3)) & (parts <= 1e6)))


@settings(max_examples=20, deadline=None)
@given(from_specs(VECTOR, st.just(3), elements=st.just(2.0), min_side=0, max_side=0))
def test_from_specs_draws_arrays_for_specs_and_strategies_as_they_are(args):
    x, n = args
    assert x.shape == (0,) and x.dtype == np.float64 and n == 3


def test_strategy_arguments_are_checked():
    with pytest.raises(TypeError, match=r"arrays\(\) takes a TensorSpec, not tuple"):
        arrays((3,))
    with pytest.raises(ValueError, match="min_side <= max_side, got min_side=3, max_side=2"):
        arrays(VECTOR, min_side=3, max_side=2)
    with pytest.raises(TypeError, match=r"argument 1 is of type int; give a TensorSpec .* or a Hypothesis strategy"):
        from_specs(VECTOR, 3)


# --- functions that agree ---------------------------------------------------------------------------------

def halve(x):
    while np.sum(x) > 1:
        x = x / 2
    return x


def test_tutorial_functions_agree_everywhere():
    assert_graph_matches_eager(tutorial.cube, VECTOR, max_examples=30)
    assert_graph_matches_eager(tutorial.g, TensorSpec((None,), np.int64), max_examples=30)
    assert_graph_matches_eager(halve, VECTOR, backends=("graph", "xla"), max_examples=30)
    # Floor division on XLA loses the sign of a zero (see the next test); a tolerance compares as np.allclose.
    assert_graph_matches_eager(tutorial.my_function, VECTOR, rtol=1e-15, max_examples=30)
    assert_graph_matches_eager(tutorial.my_function, TensorSpec((None, 2), np.int32), max_examples=30)


def test_other_arguments_come_from_strategies():
    # NumPy scalars: one trace serves every value (a Python int would be keyed, and traced, by value).
    assert_graph_matches_eager(tutorial.collatz_steps, st.integers(1, 50).map(np.int64), backends=("graph",),
                               max_examples=20)


def test_the_given_ready_check_passes_an_agreeing_example():
    assert_matches_eager(tutorial.my_function, np.array([1.0, -2.0, 4.0]))
    assert_matches_eager(tutorial.first_negative, [3, 1, -2], backends=("graph",))


@settings(max_examples=20, deadline=None)
@given(arrays(TensorSpec((None,), np.int64)))
def test_the_check_inside_a_users_given_test(x):
    assert_matches_eager(tutorial.my_function, x)


def test_both_raising_is_agreement():
    def needs_two(x):
        return x[1]
    assert_matches_eager(needs_two, np.ones(1), backends=("graph",))


# --- functions that disagree: the helper must catch them ---------------------------------------------------

def clipped_total(x):
    # min of a NumPy float64 and the Python int 100 is the int 100 eagerly where the sum is larger; a graph's
    # min is a where of the two, which it keeps as a float64 (runtime/graph/python_kinds.py: min and max are not
    # followed per path, docs/functions.md)
    return min(np.sum(x), 100)


def test_a_dtype_difference_is_caught_and_the_input_shrunk():
    with pytest.raises(MismatchError) as caught:
        assert_graph_matches_eager(clipped_total, VECTOR, backends=("graph",))
    report = str(caught.value)
    assert report.startswith("clipped_total: graph disagrees with eager NumPy (the dtype differs: int64 vs float64)")
    assert "  eager: 100 (Python int)" in report
    assert "  graph: 100. (float64, shape ())   <- the dtype differs: int64 vs float64" in report
    assert "(the smallest failing input Hypothesis found)" in report
    # Shrunk: one element (the smallest length), just over the threshold.
    shown_input = report.split("    x = ")[1].split(" (float64")[0]
    x = np.array(eval(shown_input))
    assert x.shape == (1,) and 100 < x[0] <= 101


def scale_down(x):
    return x * 1e-310


@needs_jax
def test_xla_flushing_a_subnormal_is_caught_bitwise():
    # NumPy keeps 1e-310; XLA on CPU flushes it to zero. Bitwise equality sees it, np.allclose would not.
    with pytest.raises(MismatchError) as caught:
        assert_graph_matches_eager(scale_down, VECTOR, backends=("graph", "xla"))
    report = str(caught.value)
    assert "xla disagrees with eager NumPy (the values differ (bitwise; NaN equals NaN))" in report
    assert "    x = [1.] (float64, shape (1,))" in report
    assert "  eager: [1.e-310] (float64, shape (1,))" in report
    assert "  graph: [1.e-310] (float64, shape (1,))   (agrees)" in report
    assert "  xla:   [0.] (float64, shape (1,))   <- the values differ" in report


@needs_jax
def test_xla_floor_division_of_zero_keeps_numpys_sign():
    # np.floor_divide(-0.0, 2) is -0.0, XLA's own 0.0: the lowering keeps NumPy's rule (runtime/jax/lowering.py).
    assert_graph_matches_eager(tutorial.my_function, VECTOR, backends=("graph", "xla"), max_examples=30)


@needs_jax
def test_a_backend_that_raises_is_reported_with_its_error():
    def relu(x):
        return np.maximum(x, 0)  # fine on NumPy and on our graph; JAX tracers have no __array_ufunc__
    with pytest.raises(MismatchError, match=r"(?s)jax disagrees with eager NumPy \(one raised, the other returned\)"
                       r".*  jax:   raised TracerArrayConversionError"):
        assert_graph_matches_eager(relu, VECTOR, max_examples=10)


@needs_jax
def test_eager_returning_where_xla_raises_is_caught():
    def singular_values(a):
        return np.linalg.svd(a, compute_uv=False)  # NumPy's LAPACK gives NaNs here; XLA raises NumPy's error
    try:
        singular_values(np.array([[np.inf, 1.0], [1.0, 2.0]]))
    except np.linalg.LinAlgError:
        pytest.skip("this NumPy (2.5 and later) raises LinAlgError for this matrix itself, as XLA does")
    with pytest.raises(MismatchError) as caught:
        assert_matches_eager(singular_values, np.array([[np.inf, 1.0], [1.0, 2.0]]), backends=("graph", "xla"))
    assert str(caught.value) == (
        "singular_values: xla disagrees with eager NumPy (one raised, the other returned)\n"
        "  input:\n"
        "    a = [[inf,  1.],\n"
        "         [ 1.,  2.]] (float64, shape (2, 2))\n"
        "  eager: [nan, nan] (float64, shape (2,))\n"
        "  graph: [nan, nan] (float64, shape (2,))   (agrees)\n"
        "  xla:   raised LinAlgError: SVD did not converge   <- one raised, the other returned")


def test_tolerance_applies_to_xla_and_jax_only():
    calls = {"n": 0}

    def drifting(x):
        calls["n"] += 1  # a Python side effect: the graph bakes in the value it had while tracing
        return x + 1e-12 * calls["n"]
    with pytest.raises(MismatchError, match="graph disagrees"):
        assert_matches_eager(drifting, np.ones(2), backends=("graph",), rtol=1e-6)


def test_structure_and_shape_differences_are_named():
    from autograph.testing import _difference

    assert _difference((1, 2), [1, 2], 0, 0) == "the structure (tuples, lists, dicts) differs"
    assert _difference(np.ones(2), np.ones(3), 0, 0) == "the shape differs: (2,) vs (3,)"
    assert _difference((np.ones(2), np.ones(2)), (np.ones(2), np.zeros(2)), 0, 0) == (
        "the values of output 1 differ (bitwise; NaN equals NaN)")
    assert _difference(np.array([np.nan, 1j]), np.array([np.nan, 1j]), 0, 0) is None
    assert _difference(np.array([0.0]), np.array([1e-20]), 0, 1e-12) is None
    assert _difference(np.array([0.0]), np.array([1e-20]), 0, 0) is not None


def test_a_function_with_no_source_is_checked_as_written_with_a_warning():
    namespace = {"np": np}
    exec("def no_source(x):\n    return x * 2\n", namespace)  # code built by exec() has no source to convert
    with pytest.warns(autograph.NoSourceWarning, match="no_source has no source file"):
        assert_matches_eager(namespace["no_source"], np.ones(2), backends=("graph",))


def test_control_flow_in_a_function_with_no_source_is_reported_with_why():
    from autograph.testing import MismatchError

    exec_namespace = {"np": np}
    exec("def branchy(x):\n    if np.sum(x) > 0:\n        return x\n    return -x\n", exec_namespace)
    with pytest.warns(autograph.NoSourceWarning), pytest.raises(MismatchError, match="branchy has no source file"):
        assert_matches_eager(exec_namespace["branchy"], np.ones(2), backends=("graph",))


def test_bad_backends_are_refused():
    with pytest.raises(ValueError, match=r"unknown backend 'numba': choose from 'graph', 'xla', 'jax'"):
        assert_matches_eager(halve, np.ones(2), backends=("numba",))
    with pytest.raises(ValueError, match="no backend to compare with eager"):
        assert_matches_eager(halve, np.ones(2), backends=())


# --- without JAX -------------------------------------------------------------------------------------------

HIDE = """
import sys, warnings
class Hide:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in {hidden!r}:
            raise ModuleNotFoundError(f"No module named {{name!r}}", name=name)
sys.meta_path.insert(0, Hide())
"""
HALVE = """
import numpy as np
import autograph
from autograph.testing import assert_graph_matches_eager
def halve(x):
    while np.sum(x) > 1:
        x = x / 2
    return x
"""


def _hiding(tmp_path: pathlib.Path, hidden: tuple, code: str) -> subprocess.CompletedProcess:
    """Run ``code`` as a script (autograph converts from the source) in an interpreter where ``hidden``
    cannot be imported, as if not installed."""
    script = tmp_path / "script.py"
    script.write_text(HIDE.format(hidden=hidden) + code)
    return subprocess.run([sys.executable, str(script)], capture_output=True, text=True, cwd=ROOT,
                          env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})


def _without_jax(tmp_path: pathlib.Path, code: str) -> subprocess.CompletedProcess:
    return _hiding(tmp_path, ("jax", "jaxlib"), HALVE + code)


def test_without_jax_the_jax_backends_are_skipped_with_a_warning(tmp_path):
    done = _without_jax(tmp_path, """
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    assert_graph_matches_eager(halve, autograph.TensorSpec((None,), np.float64), max_examples=5)
print([str(w.message) for w in caught])
print('jax' in sys.modules)
""")
    assert done.returncode == 0, done.stderr
    assert ("autograph.testing: backends 'xla', 'jax' skipped: this needs JAX, which is not installed: "
            "pip install 'autograph-numpy[jax]'") in done.stdout
    assert done.stdout.splitlines()[-1] == "False"


def test_without_jax_asking_only_for_jax_backends_raises(tmp_path):
    done = _without_jax(tmp_path, "assert_graph_matches_eager(halve, autograph.TensorSpec((None,), np.float64), "
                        "backends=('xla',))")
    assert done.returncode != 0
    assert "ImportError: this needs JAX, which is not installed: pip install 'autograph-numpy[jax]'" in done.stderr


@needs_jax
def test_the_skip_warning_class_is_a_user_warning():
    assert issubclass(BackendSkippedWarning, UserWarning) and issubclass(MismatchError, AssertionError)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert_matches_eager(halve, np.ones(3))  # JAX is installed here: nothing skipped, nothing warned


def test_autograph_testing_is_not_imported_by_autograph():
    done = subprocess.run([sys.executable, "-c", "import autograph, sys; print('hypothesis' in sys.modules)"],
                          capture_output=True, text=True, cwd=ROOT)
    assert done.stdout.strip() == "False", done.stderr


def test_without_hypothesis_autograph_testing_says_how_to_install_it(tmp_path):
    done = _hiding(tmp_path, ("hypothesis",), "import autograph.testing\n")
    assert done.returncode != 0
    assert done.stderr.strip().splitlines()[-1] == (
        "ImportError: autograph.testing needs Hypothesis, which is not installed: "
        "pip install 'autograph-numpy[testing]' (or pip install hypothesis)")
