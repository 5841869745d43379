"""Outside code with state, traced: each case of tests/autograph/stateful_corpus.py runs its program's own loop
twice, eagerly (the oracle) and with one function of it replaced by ``autograph.function`` of that function, on
each executor the trace-guard tests use. Every call of the function and the state the program leaves must be
eager's (to a float32 tolerance where JAX computes in float32); a refusal must be the one the corpus records, and
the calls made before it must have been eager's; a known silent difference is a strict xfail."""

from __future__ import annotations

import contextlib
import io
import itertools
import pathlib
import re
import subprocess
import sys
import textwrap
import warnings

import numpy as np
import pytest

import autograph
from autograph import executors

with warnings.catch_warnings():  # (Baird's counterexample builds its projection with np.matrix, as written)
    warnings.simplefilter("ignore", PendingDeprecationWarning)
    from tests.autograph import stateful_corpus as corpus
from tests.autograph.stateful_corpus import CASES, Crash, Refused, SilentDifference  # noqa: E402

jax = pytest.importorskip("jax")

ROOT = pathlib.Path(__file__).resolve().parents[2]

MODES = {"interpreter": dict(), "xla": dict(executor="jax"), "auto": dict(executor="auto"),
         "backend-jax": dict(backend="jax")}


class RunawayLoop(Exception):
    """The program called the traced function far more often than eagerly: a stale result kept its loop going."""


class Leaked:
    """A value the program holds that is no NumPy or Python value (a graph tensor or a JAX tracer left in its state)."""

    def __init__(self, value):
        self.kind = type(value).__name__

    def __repr__(self):
        return f"<leaked {self.kind}>"


def _copy(value):
    """``value`` as plain data, copied now (the program may write its arrays later)."""
    if isinstance(value, dict):
        return {key: _copy(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_copy(item) for item in value]
    # By the real type: a graph tensor left in the program's state answers isinstance(t, np.ndarray) as an array would
    if issubclass(type(value), (np.ndarray, np.generic)):
        return np.array(value)
    if value is None or type(value) in (bool, int, float, complex, str):
        return value
    if type(value).__module__.startswith("jax"):
        return np.array(value)  # (backend="jax" returns JAX arrays: values, not leaks)
    return Leaked(value)


def _run(case, wrap, limit=None):
    """Run ``case``'s program with its function replaced by ``wrap(function)``: (each call's result, the state
    the program leaves, the wrapped function). The recorder holds only what a trace guard does not look into (a
    list's bound ``append``, a counter's ``__next__``): a growing list that it reached through the class's methods
    would change at every call, and the guard would trace every call again, hiding a stale trace."""
    original = case.owner.__dict__[case.attr]
    results = []
    record, calls = results.append, itertools.count().__next__
    limit = limit or sys.maxsize
    fn = wrap(original)

    def recorded(*args, **kwargs):
        if calls() > limit:
            raise RunawayLoop(f"the program called {case.original} more than {limit} times")
        out = fn(*args, **kwargs)
        record(_copy(out))
        return out

    saved = getattr(case.owner, case.attr)
    setattr(case.owner, case.attr, recorded)
    try:
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            state = case.drive()
        return results, _copy(state), fn
    except BaseException as error:
        error.results = results  # the calls made before it
        raise
    finally:
        setattr(case.owner, case.attr, saved)


def assert_like(expected, actual, loose, where="result"):
    """``actual`` is ``expected``: the same structure, the same dtypes (JAX's 32-bit ones where ``loose``), values
    equal for integers and booleans and within a tolerance for floats (float32's where ``loose``)."""
    if isinstance(expected, dict):
        assert isinstance(actual, dict) and actual.keys() == expected.keys(), f"{where}: {actual!r} != {expected!r}"
        for key in expected:
            assert_like(expected[key], actual[key], loose, f"{where}[{key!r}]")
        return
    if isinstance(expected, list):
        assert isinstance(actual, list) and len(actual) == len(expected), f"{where}: {actual!r} != {expected!r}"
        for i, (e, a) in enumerate(zip(expected, actual)):
            assert_like(e, a, loose, f"{where}[{i}]")
        return
    assert not isinstance(actual, (Leaked, dict, list)), f"{where}: {actual!r}, eager {expected!r}"
    if expected is None or isinstance(expected, str):
        assert actual == expected, f"{where}: {actual!r} != {expected!r}"
        return
    e, a = np.asarray(expected), np.asarray(actual)
    assert a.shape == e.shape, f"{where}: shape {a.shape} != {e.shape}"
    if loose:  # JAX without 64-bit types: float32 for float64, int32 for int64
        assert a.dtype.kind == e.dtype.kind, f"{where}: dtype {a.dtype} != {e.dtype}"
    else:
        assert a.dtype == e.dtype, f"{where}: dtype {a.dtype} != {e.dtype}"
    if e.dtype.kind in "biu":
        np.testing.assert_array_equal(a, e, err_msg=where)
    else:
        rtol, atol = (2e-4, 1e-5) if loose and a.dtype.itemsize < e.dtype.itemsize else (1e-7, 1e-10)
        np.testing.assert_allclose(a, e, rtol=rtol, atol=atol, err_msg=where)


def _params():
    for case in CASES:
        for mode in MODES:
            outcome = case.expect.get(mode)
            marks = ()
            if isinstance(outcome, SilentDifference):
                marks = pytest.mark.xfail(strict=True, reason=f"silent difference: {outcome.reason}")
            elif isinstance(outcome, Crash):
                marks = pytest.mark.xfail(strict=True, reason=f"crash: {outcome.reason}")
            yield pytest.param(case, mode, id=f"{case.name}-{mode}", marks=marks)


@pytest.fixture(autouse=True)
def _quiet_interpreter_and_jax_trials(monkeypatch):
    """Each state change traces again, so RetracingWarning is expected here. ``auto`` leaves numba out of its
    trials, as test_executors.py does: numba compiles each trace for about a second, and a training loop traces
    at every step (docs/functions.md says so); tests/autograph/test_executors_numba.py covers numba."""
    monkeypatch.setattr(executors.AutoExecutor, "_compile_numba", lambda self, graph, inputs: False)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", autograph.RetracingWarning)
        yield


@pytest.mark.parametrize("case, mode", list(_params()))
def test_a_traced_function_in_its_programs_loop_matches_eager(case, mode):
    calls, state, _ = _run(case, lambda f: f)
    loose = mode == "backend-jax" and not jax.config.jax_enable_x64
    outcome = case.expect.get(mode)
    wrap = lambda f: autograph.function(f, **MODES[mode])  # noqa: E731
    if isinstance(outcome, Refused):
        expected = (jax.errors.JAXTypeError,) if outcome.by == "jax" else autograph.AutographError
        with pytest.raises(expected, match=re.escape(outcome.fragment)) as refusal:
            _run(case, wrap, limit=4 * len(calls) + 10)
        assert not isinstance(refusal.value, autograph.ConverterBug)
        made = refusal.value.results
        assert_like(calls[:len(made)], made, loose, "the calls before the refusal")
        return
    traced_calls, traced_state, traced = _run(case, wrap, limit=4 * len(calls) + 10)
    assert_like(calls, traced_calls, loose, "calls")
    assert_like(state, traced_state, loose, "state")


def test_the_recorder_does_not_make_the_guard_trace_again():
    """The harness itself must not look like a change: a function whose reads do not change, called in its
    program's loop, traces once (Baird's compute_RMSVE reads constant globals; its argument is written between)."""
    case = corpus.Case("recorder", corpus.SUTTON, "chapter11/counterexample.py", "compute_RMSVE", corpus,
                       "compute_RMSVE", corpus.drive_expected_tdc)
    calls, _, traced = _run(case, autograph.function)
    assert len(calls) == 3 and traced.tracing_count == 1


def test_the_corpus_records_its_sources():
    used = set(re.findall(r'Repo\("([^"]+)"', (ROOT / "tests/coverage/cases.py").read_text()))
    assert 20 <= len(CASES) <= 40 and len({case.name for case in CASES}) == len(CASES)
    for source in corpus.SOURCES:
        assert re.fullmatch(r"[0-9a-f]{40}", source.commit) and source.name not in used
        assert source.license.split()[0] in ("MIT", "BSD-3-Clause", "BSD-2-Clause", "Apache-2.0", "ISC")
    for case in CASES:
        assert case.source in corpus.SOURCES and set(case.expect) <= set(MODES)
        assert case.original.rpartition(".")[2] == case.attr


@pytest.mark.parametrize("mode", ['executor="jax"', pytest.param('executor="auto"', marks=pytest.mark.slow),
                                  pytest.param('backend="jax"', marks=pytest.mark.slow)])  # (a process each)
def test_the_first_jax_call_leaves_numpys_global_generator_alone(mode):
    """A program that draws from np.random and calls a Function with executor="jax" gets eager's numbers: the first
    JAX use imports jax, whose jax/_src/clusters/k8s_cluster.py draws np.random.rand(5) as it is imported
    (runtime/jax/__init__.py, ``import_jax``, puts the stream back). In a fresh process: JAX must not be imported
    yet (pytest's conftest imports it)."""
    program = textwrap.dedent("""
        import numpy as np, autograph
        double = autograph.function(lambda x: x * 2.0, MODE)
        np.random.seed(0)
        double(np.ones(2))
        drawn = np.random.rand()
        np.random.seed(0)
        print(drawn == np.random.rand())
    """).replace("MODE", mode)
    out = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert out.stdout.strip().splitlines()[-1:] == ["True"], out.stderr[-2000:]
