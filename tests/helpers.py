"""Small helpers the test modules share."""

import functools
import importlib.util
import itertools
import linecache
import os
import re
import sys
import types

import numpy as np
import pytest


def line_of(path: str, marker: str) -> int:
    """The line of the file at ``path`` that ends with ``# marker``."""
    with open(path) as source:
        for number, line in enumerate(source, 1):
            if line.rstrip().endswith(f"# {marker}"):
                return number
    raise AssertionError(f"no line ends with '# {marker}' in {path}")


def halve(x):
    """The tutorials' ``while np.sum(x) > 1: x = x / 2`` (the dispatcher tests' workload)."""
    while np.sum(x) > 1:
        x = x / 2
    return x


def shaped(x):
    """A result that depends on the trace's shape and dtype: the wrong trace would give another number."""
    return x * x.shape[0] + np.sum(x) + x.ndim


def dispatching(f) -> bool:
    """Whether a ``Function``'s calls go through its dispatcher's compiled call (autograph/dispatch.py)."""
    return f._call is f._dispatch_call and f._dispatch_call not in (None, False)


_LOCATION = re.compile(r"(?P<file>[^\s:][^:]*):(?P<line>\d+): ")


def without_location(message: str) -> str:
    """A graph's run-time error message as Python's own. Python 3.11+ keeps the message and names
    the line that staged the failing node in a note; Python 3.10 has no notes, so the runtime puts
    ``file:line: `` before the message. That prefix is checked (it names a file that exists) and
    taken off."""
    if sys.version_info >= (3, 11):
        return message
    located = _LOCATION.match(message)
    if located is None:
        return message
    assert os.path.exists(located["file"]), message
    return message[located.end():]


def numpys_message(message: str) -> str:
    """A ``pytest.raises(match=...)`` pattern for a graph's run-time error whose message is ``message`` exactly (NumPy's
    own, which the graph raises for it): then the note naming the staged line on Python 3.11+, or nothing; on 3.10,
    which has no notes, the runtime puts ``file:line: `` before it (``without_location``)."""
    located = "" if sys.version_info >= (3, 11) else f"(?:{_LOCATION.pattern})?"
    return f"^{located}{re.escape(message)}(?:\n|$)"


def notes(error: BaseException) -> list:
    """Where a graph's run-time error says it was staged: its notes on Python 3.11+; on 3.10, which has
    no notes, the ``file:line`` the runtime puts before the message, as the one note."""
    if sys.version_info >= (3, 11):
        return list(getattr(error, "__notes__", []))
    located = _LOCATION.match(str(error))
    return [located.group(0)[:-2]] if located else []


@functools.cache  # asked by conftest, needs_jax and the doctest runner: the answer stays for the run
def jax_usable() -> bool:
    """Whether a JAX this package supports is installed (the ``[jax]`` extra installs none on Python 3.10)."""
    try:
        import jax

        from runtime.jax import check_version  # (which raises ImportError itself for a JAX too old)
        check_version(jax.__version__)
    except ImportError:
        return False
    return True


def needs_jax(test):
    """Skip ``test`` where no JAX this package supports is installed."""
    return pytest.mark.skipif(not jax_usable(), reason="needs JAX, which is not installed")(test)


def hand_converted(**roles: str):
    """Declare, for a hand-written converted function, the roles autograph declares when it compiles
    what the converter wrote (runtime/state_roles.py): ``@hand_converted(retval_=RETURN_VALUE,
    do_return=RETURN_FLAG)``. Registers the function's code and every code object in it (its bodies)."""
    from runtime.undefined import register_converted_code

    def register(code) -> None:
        register_converted_code(code, roles=roles)
        for const in code.co_consts:
            if hasattr(const, "co_code"):
                register(const)

    def decorate(fn):
        register(fn.__code__)
        return fn

    return decorate


def executors() -> list:
    """``executor=`` parameters for a graph test: "numpy", and "jax" (skipped where JAX is not usable)."""
    needs = pytest.mark.skipif(not jax_usable(), reason="needs JAX, which is not installed")
    return [pytest.param("numpy", id="numpy"), pytest.param("jax", id="jax", marks=needs)]


def every_executor() -> list:
    """``executor=`` parameters for a differential family: "numpy", "numba", "jax" and "auto", each skipped where
    what it needs is not installed."""
    no_jax = pytest.mark.skipif(not jax_usable(), reason="needs JAX, which is not installed")
    no_numba = pytest.mark.skipif(importlib.util.find_spec("numba") is None, reason="needs numba, not installed")
    return [pytest.param("numpy", id="numpy"), pytest.param("numba", id="numba", marks=no_numba),
            pytest.param("jax", id="jax", marks=no_jax), pytest.param("auto", id="auto", marks=no_jax)]


def same_result(got, want, executor: str = "numpy") -> None:
    """Equal dtypes and shapes, leaf by leaf (tuples and lists), and values: equal on the NumPy interpreter (NaN
    equal to NaN); within rounding under XLA, whose fused reductions round differently in the last bits."""
    if isinstance(want, (tuple, list)):
        assert isinstance(got, (tuple, list)) and len(got) == len(want)
        for g, w in zip(got, want):
            same_result(g, w, executor)
        return
    got, want = np.asarray(got), np.asarray(want)
    assert got.dtype == want.dtype and got.shape == want.shape, (got.dtype, want.dtype, got.shape, want.shape)
    if executor == "numpy" or want.dtype.kind not in "fc":
        np.testing.assert_array_equal(got, want)
    else:
        np.testing.assert_allclose(got, want, rtol=1e-12, atol=1e-12)


def linalg_error_or_value_as_eager(fn, args: tuple, executor: str) -> None:
    """``autograph.function(fn, executor=executor)(*args)`` raises the LinAlgError eager NumPy (or SciPy) raises,
    with its message, or gives its value (within 1e-12)."""
    import autograph

    try:
        want = np.asarray(fn(*args))
    except np.linalg.LinAlgError as error:
        with pytest.raises(np.linalg.LinAlgError, match=numpys_message(str(error))):
            autograph.function(fn, executor=executor)(*args)
    else:
        np.testing.assert_allclose(autograph.function(fn, executor=executor)(*args), want, rtol=1e-12)


def staged_bit_for_bit(fn, *args) -> None:
    """``autograph.function(fn)`` on both executors gives eager NumPy's dtypes, shapes and values exactly."""
    import autograph

    with np.errstate(all="ignore"):
        want = fn(*args)
    for executor in ("numpy", "jax") if jax_usable() else ("numpy",):
        got = autograph.function(fn, executor=executor)(*args)
        for g, w in zip(*(x if isinstance(x, tuple) else (x,) for x in (got, want)), strict=True):
            g, w = np.asarray(g), np.asarray(w)
            assert (g.dtype, g.shape) == (w.dtype, w.shape), executor
            np.testing.assert_array_equal(g, w)


def same_leaves(got, want, exact: bool, tolerance) -> None:
    """Leaf by leaf (tuples, and lists of arrays: SciPy's results for a batch): equal dtypes and shapes, and values
    equal (``exact``) or within ``tolerance(dtype) -> (rtol, atol)``, the atol scaled by the largest magnitude in the
    expected leaf."""
    if isinstance(want, tuple) or (isinstance(want, list) and all(isinstance(w, np.ndarray) for w in want)):
        assert type(got) is type(want), (type(got), type(want))
        for g, w in zip(got, want, strict=True):
            same_leaves(g, w, exact, tolerance)
        return
    g, w = np.asarray(got), np.asarray(want)
    assert (g.dtype, g.shape) == (w.dtype, w.shape)
    if exact:
        np.testing.assert_array_equal(g, w)
    else:
        rtol, atol = tolerance(w.dtype)
        np.testing.assert_allclose(g, w, rtol=rtol, atol=atol * max(1.0, float(np.max(np.abs(w), initial=0))))


_loaded = itertools.count()


def fake_ipython(monkeypatch, cells: dict) -> types.ModuleType:
    """An ``IPython`` module in ``sys.modules`` whose running shell's compiler names the files of ``cells`` as
    IPython names a cell (``{"/tmp/ipykernel_1/123.py": "In[12]"}``: ``Cell In[12]``); ``get_ipython`` may be
    set to return None after (IPython imported, no shell running)."""
    class Compiler:
        def format_code_name(self, name):
            return ("Cell", cells[name]) if name in cells else None

    class Shell:
        compile = Compiler()

    fake = types.ModuleType("IPython")
    fake.get_ipython = lambda: Shell()
    monkeypatch.setitem(sys.modules, "IPython", fake)
    return fake


def load_f(source: str, label: str):
    """``f`` of ``source`` (with ``np`` in its globals), compiled under a linecache-registered ``<label-N>`` filename,
    so that autograph (through inspect) can read its source."""
    filename = f"<{label}-{next(_loaded)}>"
    linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
    namespace = {"np": np}
    exec(compile(source, filename, "exec"), namespace)
    return namespace["f"]


def interrupted_at_many_points(rounds: int, spread: int, body, check) -> int:
    """Run ``body(k)`` for ``k`` in ``range(rounds)``, each time with a KeyboardInterrupt delivered by SIGALRM after
    10 µs to ``spread`` x 10 µs (so at many points of it), never outside ``body``; then ``check(k)``, uninterrupted.
    The number of rounds an interrupt landed in (tests of interrupt safety assert it is large)."""
    import signal

    armed = [False]

    def interrupt(signum, frame):
        if armed[0]:  # (only inside body: never in the checks)
            armed[0] = False
            raise KeyboardInterrupt

    previous = signal.signal(signal.SIGALRM, interrupt)
    interrupted = 0
    try:
        for k in range(rounds):
            try:
                armed[0] = True
                signal.setitimer(signal.ITIMER_REAL, 1e-5 * (1 + k % spread))
                body(k)
            except KeyboardInterrupt:
                interrupted += 1
            finally:
                armed[0] = False
                signal.setitimer(signal.ITIMER_REAL, 0)
            check(k)
    finally:
        signal.signal(signal.SIGALRM, previous)
    return interrupted


def in_threads(work, count: int = 8) -> None:
    """Run ``work(k)`` for ``k`` in ``range(count)``, each on a thread of its own, all at once; then raise the first
    exception any of them raised (an assertion in ``work`` fails the test)."""
    import threading

    failures: list = []

    def guarded(k: int) -> None:
        try:
            work(k)
        except BaseException as error:  # noqa: BLE001  (raised again below, on the test's thread)
            failures.append(error)

    threads = [threading.Thread(target=guarded, args=(k,)) for k in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if failures:
        raise failures[0]


def outcome(fn, *args, errors: tuple = (ArithmeticError, ValueError, TypeError)) -> tuple:
    """``("value", fn(*args))``, or ``(type, message)`` of the error among ``errors`` it raised; its warnings
    silenced. Differential tests compare the eager outcome with the staged one."""
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            return "value", fn(*args)
        except errors as error:
            return type(error), str(error)


def calls_match_eager_between_changes(traced, fn, x, steps: list, apply: dict) -> None:
    """Call ``traced(x)`` and ``fn(x)`` (the oracle) first, after each ``None`` step and at the end; a step
    ``(name, value)`` applies ``apply[name](value)`` between calls. Every call must give eager's answer for the
    state at that moment (what a trace read besides its arguments changed: autograph/trace_guards.py)."""
    np.testing.assert_allclose(np.asarray(traced(x)), fn(x))
    for step in steps:
        if step is None:
            np.testing.assert_allclose(np.asarray(traced(x)), fn(x))
        else:
            apply[step[0]](step[1])
    np.testing.assert_allclose(np.asarray(traced(x)), fn(x))


def follows_one_change(traced, fn, x, change) -> None:
    """Two calls of ``traced(x)`` give eager's ``fn(x)`` on one trace; ``change()`` then changes eager's answer (else
    the check could not fail), and two more calls give the new answer on one new trace (autograph/trace_guards.py)."""
    import warnings

    import autograph

    for _ in range(2):
        np.testing.assert_allclose(np.asarray(traced(x)), fn(x))
    assert traced.tracing_count == 1, "nothing changed: no new trace"
    before = fn(x)
    change()
    assert not np.allclose(fn(x), before), "the change changes eager's answer (else the check could not fail)"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", autograph.RetracingWarning)
        for _ in range(2):
            np.testing.assert_allclose(np.asarray(traced(x)), fn(x))
    assert traced.tracing_count == 2, "one new trace for the change, then its calls run it"
