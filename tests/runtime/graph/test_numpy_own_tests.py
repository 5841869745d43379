"""NumPy's own test suite as a differential corpus for graphs.

The inputs of each case (arrays, axes, keywords, dtypes, edge values: empty arrays, NaN, inf, -0.0, integer
extremes, 0-d and bool arrays) come from the test modules shipped in the numpy 2.4.6 wheel (BSD-3-Clause); the
case module, tests/runtime/graph/numpy_own_test_cases.py, names for each case the file, test class and function.
Each case is a small function of those inputs, run through ``autograph.function`` on each executor and compared
with the same function called eagerly on NumPy: the same value (exact for integers and booleans, within rounding
for floats, NaN equal to NaN), dtype and shape, or, where NumPy raises, the same exception class.

Outcomes: ``agree``; ``refused`` (a TypeError / ValueError / NotImplementedError that says the graph does not
support it: ``REFUSED`` lists these, counted as expected); ``wrong`` (a value, dtype or shape that differs, or
no error where NumPy raises); ``crash`` (any other error). A wrong or crashing case is a strict xfail naming
what differs (``XFAIL``).
"""

from __future__ import annotations

import re
import warnings
import zlib

import numpy as np
import pytest

import autograph
from runtime.limits import Limitation
from tests import helpers
from tests.runtime.graph.numpy_own_test_cases import CASES, REFUSED, XFAIL

REFUSAL = re.compile(r"not supported|in graphs|in a graph|graph", re.IGNORECASE)

# On JAX each case compiles XLA programs (about 0.1 s a case): `make test` lowers one agreeing case in JAX_SAMPLE
# (chosen by a hash of its id, as tests/conftest.py's SAMPLED) and every case REFUSED or XFAIL records for JAX; the
# others are marked ``slow`` (`make slow`; plain pytest runs them all).
JAX_SAMPLE = 3


def _copies(args: tuple) -> list:
    return [np.copy(a) if isinstance(a, np.ndarray) else a for a in args]


def _tolerance(dtype: np.dtype, executor: str) -> tuple:
    """(rtol, atol) for floats: the interpreter runs NumPy's kernels or composes ops in NumPy's order; XLA sums
    and multiplies in its own order (docs/graph_numpy_functions.md, "NumPy and JAX")."""
    if executor == "numpy" and dtype.itemsize >= (16 if dtype.kind == "c" else 8):
        return 1e-9, 1e-12
    resolution = float(np.finfo(dtype).resolution)
    return max(1e-9, 20 * resolution), 20 * resolution


def difference(got, want, executor: str) -> str | None:
    """What differs between the graph's result and NumPy's (structure, dtype, shape, value), or None."""
    if isinstance(want, (tuple, list)) != isinstance(got, (tuple, list)):
        return f"structure: got {type(got).__name__}, NumPy {type(want).__name__}"
    if isinstance(want, (tuple, list)):
        if len(got) != len(want):
            return f"length: got {len(got)}, NumPy {len(want)}"
        for i, (g, w) in enumerate(zip(got, want)):
            if (d := difference(g, w, executor)) is not None:
                return f"[{i}] {d}"
        return None
    if want is None or got is None:
        return None if got is want else f"got {got!r}, NumPy {want!r}"
    g, w = np.asarray(got), np.asarray(want)
    if g.dtype != w.dtype:
        return f"dtype: got {g.dtype}, NumPy {w.dtype}"
    if g.shape != w.shape:
        return f"shape: got {g.shape}, NumPy {w.shape}"
    if w.dtype.kind in "fc":
        rtol, atol = _tolerance(w.dtype, executor)
        scale = max(1.0, float(np.max(np.abs(w[np.isfinite(w)]), initial=0)))
        same = np.isclose(g, w, rtol=rtol, atol=atol * scale, equal_nan=True) | ((g == w) & ~np.isfinite(w))
        if w.dtype.kind == "c":  # NaN anywhere in a complex number: NumPy's isclose compares them as NaN
            same |= np.isnan(g) & np.isnan(w)
        ok = bool(np.all(same))
        if ok and w.dtype.kind == "f":  # the sign of a zero (NumPy's tests check -0.0)
            zeros = (w == 0) & (g == 0)
            ok = np.array_equal(np.signbit(g[zeros]), np.signbit(w[zeros]))
    else:
        ok = np.array_equal(g, w)
    return None if ok else f"value: got {g.tolist()!r:.200}, NumPy {w.tolist()!r:.200}"


def clear_refusal(error: BaseException) -> bool:
    """A TypeError / ValueError / NotImplementedError that says the graph does not support this."""
    return isinstance(error, (TypeError, ValueError, NotImplementedError)) and (
        isinstance(error, Limitation) or REFUSAL.search(str(error)) is not None)


def outcome(fn, args: tuple, executor: str) -> tuple:
    """(kind, detail): kind is "agree", "refused", "wrong" or "crash"."""
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        try:
            want, wanted_error = fn(*_copies(args)), None
        except Exception as error:  # NumPy's own error: the graph must raise its class
            want, wanted_error = None, error
        try:
            got, error = autograph.function(fn, executor=executor)(*_copies(args)), None
        except Exception as raised:
            got, error = None, raised
    said = f"{type(error).__name__}: {error}" if error is not None else ""
    if wanted_error is not None:
        if error is not None and isinstance(error, type(wanted_error)):
            return "agree", said
        if error is not None:
            kind = "refused" if clear_refusal(error) else "crash"
            return kind, f"{said} (NumPy: {type(wanted_error).__name__}: {wanted_error})"
        return "wrong", f"no error; NumPy raises {type(wanted_error).__name__}: {wanted_error}"
    if error is not None:
        return ("refused" if clear_refusal(error) else "crash"), said
    d = difference(got, want, executor)
    return ("agree", "") if d is None else ("wrong", d)


def _cases() -> list:
    params = []
    for name, source, fn, args in CASES:
        for executor_param in helpers.executors():
            executor = executor_param.values[0]
            marks = list(executor_param.marks)
            reason = XFAIL.get((name, executor))
            if reason is not None:
                marks.append(pytest.mark.xfail(strict=True, reason=reason))
            elif (executor == "jax" and executor not in REFUSED.get(name, ())
                  and zlib.crc32(f"{name}-{executor}".encode()) % JAX_SAMPLE):
                marks.append(pytest.mark.slow)
            params.append(pytest.param(name, source, fn, args, executor, id=f"{name}-{executor}", marks=marks))
    return params


@pytest.mark.parametrize("name, source, fn, args, executor", _cases())
def test_graph_gives_numpys_result_or_refuses(name, source, fn, args, executor):
    """The case staged on ``executor`` gives NumPy's value, dtype and shape (or NumPy's exception class), or, where
    ``REFUSED`` says so, a clear refusal; never a silent wrong result or another error."""
    kind, detail = outcome(fn, args, executor)
    if executor in REFUSED.get(name, ()):
        assert kind == "refused", f"{name} ({source}) was a refusal on {executor}, now {kind}: {detail}"
    else:
        assert kind == "agree", f"{name} ({source}) on {executor}: {kind}: {detail}"


def test_the_corpus_is_large_and_its_records_name_real_cases():
    names = {name for name, *_ in CASES}
    assert len(CASES) >= 250 and len(functions_used()) >= 60, (len(CASES), len(functions_used()))
    assert set(REFUSED) <= names and {name for name, _ in XFAIL} <= names
    assert all(set(executors) <= {"numpy", "jax"} for executors in REFUSED.values())


def functions_used() -> set:
    """The NumPy functions, ufuncs and methods the cases call (names read from their code)."""
    found = set()

    def visit(code) -> None:
        for n in code.co_names:
            f = getattr(np, n, None) or getattr(np.linalg, n, None) or getattr(np.fft, n, None) or getattr(
                np.ndarray, n, None)
            if callable(f) and not isinstance(f, type) and n not in ("finfo", "iinfo"):
                found.add(n)
        for const in code.co_consts:
            if hasattr(const, "co_code"):
                visit(const)

    for _, _, fn, _ in CASES:
        visit(fn.__code__)
    return found
