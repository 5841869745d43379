"""Stage every corpus function with ``autograph.function`` and compare it with eager NumPy.

For each case and executor:

1. The oracle: the plain Python function on the inputs of ``make_inputs(rng(0))`` and of
   ``make_inputs(rng(1))`` (fresh inputs for every run: some functions write into their
   arguments). If eager NumPy raises, the case itself is broken: ``invalid case``, which the
   smoke test requires to be empty.
2. ``staged = autograph.function(fn, executor=...)``, called on the same two inputs (made
   afresh). The second call must reuse the first trace (``staged.tracing_count == 1``).

The result is exactly one of:

``works``
    Both calls ran, did not retrace, and both outputs match eager: the same structure (tuples
    and lists are both sequences and compare leafwise, dicts by key), and for every leaf the same
    shape, the same dtype (a Python ``float``/``int``/``bool`` leaf counts as float64/int64/bool,
    which is what the graph returns for it), and the same values: ``np.allclose(rtol=1e-7,
    atol=1e-9, equal_nan=True)`` for double-precision dtypes (``rtol=1e-5, atol=1e-6`` for single and
    half precision, ``RTOL32``, and for every leaf of a case whose inputs hold single or half precision
    values, which NumPy computes in that precision before a double one may promote them, or, on XLA, whose
    graph computes a single or half precision value), exact equality for ints and bools. Non-array
    leaves (``None``, strings) compare with ``==``.
``clear error (data-dependent shape)``
    It raised, and the message says the shape depends on the data: it matches
    ``DATA_DEPENDENT`` ("known only at run time", "data-dependent", ...). ``np.unique``,
    ``np.nonzero``, boolean masks of data.
``unsupported``
    It raised a ``runtime.limits.Limitation`` (what a graph cannot do) whose message starts with the
    user's ``file:line`` (or notebook cell) and does not say to convert the function; or a clear error
    of ours: the type is ``TypeError``, ``ValueError`` (including
    ``StagingError`` and ``LoweringError``), ``IndexError``, ``NotImplementedError`` or
    ``autograph.ConversionError``; the message says something is not supported (``UNSUPPORTED``:
    "not supported", "unsupported", "is supported in graphs for ... only", "cannot be lowered",
    ...); and it speaks about graphs, staging or lowering (the word "graph", "staged", "trac"
    or "lower", or a ``StagingError``/``LoweringError``/``ConversionError``), which rules out
    Python's own "unsupported operand type(s)" from deep inside the runtime. A message that tells
    the user to "convert the function with autograph" is never clear: the function already is.
``wrong result``
    Both calls ran but an output differs from eager (structure, shape, dtype or values). The
    worst outcome: the detail says where.
``crash``
    Anything else: an exception that is not one of the above (an ``AttributeError`` or ``KeyError``
    from inside the runtime, the user's own ``raise``/``assert`` firing while tracing valid input,
    "convert the function with autograph"), a second call that traced again (``retrace``), or a
    case that ran longer than ``TIMEOUT`` seconds (``timeout``). The detail names the exception
    type, the first line of its message and the innermost frame.

The numba comparison (``run_numba``): when ``numba`` imports, each case is also given to
``numba.njit(fn)`` as it is (no other change: the functions it calls stay plain Python, as they would
be for a user who adds one decorator), called on the same two inputs and compared with eager by the
same rules. Its result is ``works`` (compiles, and both outputs match eager), ``wrong result``, or
``does not compile`` (any exception: numba's typing errors, an unsupported NumPy function or Python
construct, or the timeout). Without numba the column is skipped and the report says so.
"""

from __future__ import annotations

import _thread
import contextlib
import dataclasses
import importlib
import io
import pkgutil
import re
import signal
import threading
import time
import traceback
import warnings
from typing import Any, Iterator

import numpy as np

import autograph
from runtime.limits import Limitation
from tests.coverage.cases import Case

WORKS = "works"
DATA_DEPENDENT_SHAPE = "clear error (data-dependent shape)"
UNSUPPORTED = "unsupported"
WRONG = "wrong result"
CRASH = "crash"
INVALID = "invalid case"
CATEGORIES = (WORKS, DATA_DEPENDENT_SHAPE, UNSUPPORTED, WRONG, CRASH)

EXECUTORS = ("numpy", "jax")
RTOL, ATOL = 1e-7, 1e-9
# Single precision: eager's float32 values against an executor that rounds differently in the last bit (XLA's
# fused multiply-adds, its exp, log, tanh, its sums' order: docs/functions.md), a bit every step of an iterated
# map can grow. 1e-7 would be one float32 ulp.
RTOL32, ATOL32 = 1e-5, 1e-6


def _tolerance(dtype: np.dtype, single: bool = False) -> tuple[float, float]:
    """(rtol, atol) for an inexact dtype: RTOL/ATOL for double precision, RTOL32/ATOL32 for single and half, and
    for any dtype when ``single``: the case's inputs hold single or half precision values, which NumPy computes
    in that precision before a double one promotes the result (``np.float64(c) * np.exp(x32)``: XLA's float32
    ``exp`` is an ulp from NumPy's, which the float64 result keeps)."""
    return (RTOL32, ATOL32) if single or np.finfo(dtype).bits < 64 else (RTOL, ATOL)


def _single_precision(values: Any) -> bool:
    """Whether ``values`` (a case's inputs) hold a float16 / float32 / complex64 array or scalar, at any depth."""
    return any(_is_array_like(leaf) and np.asarray(leaf).dtype in (np.float16, np.float32, np.complex64)
               for _, leaf in _flatten(values))
TIMEOUT = 60.0  # seconds per case and executor

DATA_DEPENDENT = re.compile(
    r"known only at run ?time|data[- ]dependent|depends on the (data|values?)|value-dependent shape", re.I)
UNSUPPORTED_MSG = re.compile(
    r"not supported|unsupported|is supported in graphs? (for|only)|cannot be (staged|lowered|converted|traced)"
    r"|not (yet )?implemented|no graph op|no (xla |jax )?lowering|which a graph tensor cannot become"
    # (the converter's refusal, at the user's def, with what to do)
    r"|^File .*: cannot convert .*\n  What to do: ", re.I)
OURS_MSG = re.compile(r"graph|staged|staging|trac(e|ing)|lower", re.I)
NOT_CLEAR = re.compile(r"convert the function with autograph", re.I)
# (A refusal raised inside a library the user called names the user's line, then the library's: "f.py:8 (inside
# scipy.interpolate._fitpack_impl.splrep, .../_fitpack_impl.py:226): ...".)
USER_LINE = re.compile(r"^(Cell In\[\d+\], line \d+|[^\s:]+\.py:\d+)( \(inside [^()]*\))?: ")


class Timeout(BaseException):
    """A case past its time limit. A BaseException, as KeyboardInterrupt is: code under test that catches
    Exception (the JAX lowering wraps a rule's errors as LoweringError) must not take it for an error of its
    own, which counted a hang as a clear refusal (helper-117)."""


class Retraced(Exception):
    pass


@dataclasses.dataclass
class Outcome:
    case: Case
    executor: str
    category: str
    detail: str = ""  # exception type: first line, or where the results differ
    where: str = ""  # the innermost frame of an exception
    seconds: float = 0.0
    # run_numba's numba.njit function, kept where it works so that --speed times it without compiling it again
    function: Any = dataclasses.field(default=None, repr=False, compare=False)

    @property
    def name(self) -> str:
        return self.case.name


# --- the corpus -------------------------------------------------------------------------------

def load_cases() -> list[Case]:
    import tests.coverage as package

    cases: list[Case] = []
    for info in sorted(pkgutil.iter_modules(package.__path__), key=lambda i: i.name):
        if info.name.startswith("corpus_"):
            cases.extend(importlib.import_module(f"tests.coverage.{info.name}").CASES)
    names = [c.name for c in cases]
    duplicates = sorted({n for n in names if names.count(n) > 1})
    assert not duplicates, f"duplicate case names: {duplicates}"
    return cases


# --- comparison --------------------------------------------------------------------------------

def _flatten(tree: Any, path: str = "out") -> list[tuple[str, Any]] | str:
    """Leaves with their paths; sequences and dicts are followed."""
    if isinstance(tree, (tuple, list)):
        # (the class counts: a staged ReturnTuple that came back a plain tuple, or a tuple a list, is another result)
        leaves: list[tuple[str, Any]] = [(path, f"<{type(tree).__qualname__} of {len(tree)}>")]
        for i, item in enumerate(tree):
            leaves.extend(_flatten(item, f"{path}[{i}]"))
        return leaves
    if isinstance(tree, dict):
        leaves = [(path, f"<{type(tree).__qualname__} with keys {sorted(map(repr, tree))}>")]
        for key in sorted(tree, key=repr):
            leaves.extend(_flatten(tree[key], f"{path}[{key!r}]"))
        return leaves
    return [(path, tree)]


def _is_array_like(x: Any) -> bool:
    return isinstance(x, (np.ndarray, np.generic, bool, int, float, complex))


def compare(expected: Any, actual: Any, single: bool = False) -> str:
    """'' when ``actual`` matches ``expected`` (see the module docstring), else where it differs; ``single``: with
    single precision tolerances for every inexact leaf (``_tolerance``)."""
    e_leaves, a_leaves = _flatten(expected), _flatten(actual)
    e_paths = [p for p, _ in e_leaves]
    a_paths = [p for p, _ in a_leaves]
    if e_paths != a_paths:
        return f"structure differs: eager {_shape_of_tree(expected)}, staged {_shape_of_tree(actual)}"
    for (path, e), (_, a) in zip(e_leaves, a_leaves):
        if isinstance(e, str) and e.startswith("<"):
            if e != a:
                return f"{path}: eager {e}, staged {a}"
            continue
        if not _is_array_like(e) or not _is_array_like(a):
            if not (type(e) is type(a) and e == a):
                return f"{path}: eager {e!r}, staged {a!r}"
            continue
        ea, aa = np.asarray(e), np.asarray(a)
        if ea.shape != aa.shape:
            return f"{path}: shape {ea.shape} eager, {aa.shape} staged"
        if ea.dtype != aa.dtype:
            return f"{path}: dtype {ea.dtype} eager, {aa.dtype} staged"
        if np.issubdtype(ea.dtype, np.inexact):
            rtol, atol = _tolerance(ea.dtype, single)
            ok = np.allclose(aa, ea, rtol=rtol, atol=atol, equal_nan=True)
        else:
            ok = np.array_equal(aa, ea)
        if not ok:
            return f"{path}: values differ: {_diff(ea, aa, single)}"
    return ""


def _shape_of_tree(tree: Any) -> str:
    if isinstance(tree, (tuple, list)):
        return f"{type(tree).__name__}[{', '.join(_shape_of_tree(t) for t in tree)}]"
    if isinstance(tree, dict):
        return "dict{" + ", ".join(f"{k!r}: {_shape_of_tree(v)}" for k, v in tree.items()) + "}"
    if _is_array_like(tree):
        a = np.asarray(tree)
        return f"{type(tree).__name__}{a.dtype.name}{list(a.shape)}"
    return type(tree).__name__


def _diff(e: np.ndarray, a: np.ndarray, single: bool = False) -> str:
    if e.ndim == 0:
        return f"eager {e.item()!r}, staged {a.item()!r}"
    if np.issubdtype(e.dtype, np.inexact):
        rtol, atol = _tolerance(e.dtype, single)
        bad = ~np.isclose(a, e, rtol=rtol, atol=atol, equal_nan=True)
    else:
        bad = a != e
    first = tuple(int(i) for i in np.argwhere(bad)[0])
    with np.errstate(all="ignore"):
        biggest = np.nanmax(np.abs(a.astype(complex) - e.astype(complex))) if e.size else 0
    return (f"{int(bad.sum())} of {e.size} elements, first at {first}: eager {e[first]!r}, staged {a[first]!r}; "
            f"max |difference| {biggest:.3g}")


# --- running ------------------------------------------------------------------------------------

def _inputs(case: Case, seed: int) -> tuple:
    return tuple(case.make_inputs(np.random.default_rng(seed)))


class NotDeterministic(ValueError):
    pass


def _eager(case: Case) -> list[Any]:
    """The case's eager results on its two inputs, each computed twice: a case whose eager NumPy gives another
    result the second time (it reads memory it never wrote, such as an ``np.empty`` element, or draws from
    NumPy's global random state) has no result a graph could match, and is an invalid case, not a wrong one."""
    with contextlib.redirect_stdout(io.StringIO()):  # the functions' own prints
        results = [case.fn(*_inputs(case, seed)) for seed in (0, 1)]
        again = [case.fn(*_inputs(case, seed)) for seed in (0, 1)]
    for call, (first, second) in enumerate(zip(results, again), 1):
        difference = compare(first, second, False)
        if difference:
            # The hint comes first: an outcome's detail is cut to its first characters, the difference is long.
            raise NotDeterministic("eager NumPy gives another result on the same inputs (does the case read an "
                                   f"element it never wrote, or draw random numbers?), call {call}: {difference}")
    return results


def _on_alarm(signum: int, frame: Any) -> None:
    raise Timeout("the case ran longer than its time limit (a hang, or a very slow trace)")


def classify_exception(error: BaseException) -> str:
    message = str(error)
    if isinstance(error, (Timeout, Retraced)):
        return CRASH
    if DATA_DEPENDENT.search(message) and not NOT_CLEAR.search(message):
        return DATA_DEPENDENT_SHAPE
    clear_types = (TypeError, ValueError, IndexError, NotImplementedError, autograph.ConversionError)
    ours = isinstance(error, autograph.ConversionError) or type(error).__name__ in ("StagingError", "LoweringError")
    if (isinstance(error, clear_types) and UNSUPPORTED_MSG.search(message) and (ours or OURS_MSG.search(message))
            and not NOT_CLEAR.search(message)):
        return UNSUPPORTED
    if isinstance(error, Limitation) and USER_LINE.match(message) and not NOT_CLEAR.search(message):
        return UNSUPPORTED  # what a graph cannot do, said at the user's line (runtime.limits.Limitation)
    return CRASH


def first_line(error: BaseException, limit: int = 300) -> str:
    text = str(error).strip().splitlines()
    line = f"{type(error).__name__}: {text[0] if text else ''}"
    return line if len(line) <= limit else line[:limit - 3] + "..."


def innermost_frame(error: BaseException) -> str:
    frames = traceback.extract_tb(error.__traceback__)
    if not frames:
        return ""
    f = frames[-1]
    return f"{f.filename}:{f.lineno} in {f.name}"


def run_case(case: Case, executor: str, expected: list[Any] | None = None, timeout: float = TIMEOUT) -> Outcome:
    start = time.perf_counter()
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        try:
            if expected is None:
                expected = _eager(case)
        except Exception as error:  # noqa: BLE001
            return Outcome(case, executor, INVALID, first_line(error), innermost_frame(error))
        try:
            with _time_limit(timeout):
                staged = autograph.function(case.fn, executor=executor)
                actual = []
                with contextlib.redirect_stdout(io.StringIO()):
                    for seed in (0, 1):
                        actual.append(staged(*_inputs(case, seed)))
                if staged.tracing_count != 1:
                    raise Retraced(f"the second call traced again (tracing_count {staged.tracing_count}); "
                                   f"signatures: {staged.pretty_printed_concrete_signatures()!r}")
        except (Exception, Timeout) as error:  # noqa: BLE001
            return Outcome(case, executor, classify_exception(error), first_line(error), innermost_frame(error),
                           time.perf_counter() - start)
    single = executor != "numpy" and _computes_in_single(staged)
    return _compared(case, executor, expected, actual, start, single=single)


@contextlib.contextmanager
def _time_limit(seconds: float) -> Iterator[None]:
    """Raise ``Timeout`` (``_on_alarm``) in the block once it has run ``seconds``; the alarm is off after it.
    It fires again every second after that: a handler's exception raised inside a callback that swallows it
    (JAX's garbage-collector callback prints "Exception ignored") would otherwise leave the case unbounded.

    No real signal is sent: a timer thread asks the main thread to run the handler
    (``_thread.interrupt_main``), which it does between two bytecodes. A process-wide ``SIGALRM``
    (``setitimer``) lands on any thread that does not block it, XLA's compiler threads included, and
    interrupts their system calls (a whole coverage run died of a segmentation fault inside
    ``backend_compile_and_load`` during minute-long compiles while the alarm fired every second). A run of pyACA's
    cases on XLA under load with this alarm finished its report and still died at exit, XLA compiling a timed-out
    case's program on its own threads: ``__main__`` leaves with ``os._exit``."""
    previous = signal.signal(signal.SIGALRM, _on_alarm)
    done = threading.Event()

    def alarm() -> None:
        if not done.wait(seconds):
            while True:
                _thread.interrupt_main(signal.SIGALRM)
                if done.wait(1.0):
                    return

    timer = threading.Thread(target=alarm, name="coverage case time limit", daemon=True)
    timer.start()
    try:
        yield
    finally:
        done.set()
        timer.join()
        signal.signal(signal.SIGALRM, previous)


def _computes_in_single(staged: Any) -> bool:
    """Whether a trace of ``staged`` computes a single or half precision value (``np.array(y, dtype=np.float32)``
    inside the function: pyroomacoustics' deconvolve takes the FFT of a float32 copy): on XLA that value is an ulp
    from NumPy's, as for single precision inputs, and a float64 result keeps the difference."""
    graphs = [c.graph for c in staged.concrete_functions if c.graph is not None]
    while graphs:
        graph = graphs.pop()
        for node in graph.nodes:
            if any(v.dtype in (np.float16, np.float32, np.complex64) for v in node.outputs):
                return True
            graphs += [a for a in node.attrs.values() if hasattr(a, "nodes") and hasattr(a, "outputs")]
    return False


def _compared(case: Case, executor: str, expected: list[Any], actual: list[Any], start: float,
              single: bool = False) -> Outcome:
    """WORKS, or WRONG naming the first call whose result differs from eager's. ``single``: the graph computes in
    single precision (``_computes_in_single``), compared as if the inputs did."""
    single = single or _single_precision(_inputs(case, 0))
    for call, (e, a) in enumerate(zip(expected, actual), 1):
        difference = compare(e, a, single)
        if difference:
            return Outcome(case, executor, WRONG, f"call {call}: {difference}", seconds=time.perf_counter() - start)
    return Outcome(case, executor, WORKS, seconds=time.perf_counter() - start)


# --- numba, for comparison ----------------------------------------------------------------------

NUMBA = "numba"
NUMBA_FAILS = "does not compile"
NUMBA_CATEGORIES = (WORKS, WRONG, NUMBA_FAILS)


def numba_version() -> str | None:
    """numba's version when it imports (an optional dependency of the coverage run only), else None."""
    try:
        import numba
    except Exception:  # noqa: BLE001 (not installed, or built for another NumPy)
        return None
    return numba.__version__


def run_numba(case: Case, expected: list[Any]) -> Outcome:
    """``numba.njit(case.fn)`` on the case's two inputs, compared with eager (see the module docstring)."""
    import numba

    start = time.perf_counter()
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        try:
            with _time_limit(TIMEOUT):
                jitted = numba.njit(case.fn)
                with contextlib.redirect_stdout(io.StringIO()):
                    actual = [jitted(*_inputs(case, seed)) for seed in (0, 1)]
        except Exception as error:  # noqa: BLE001
            return Outcome(case, NUMBA, NUMBA_FAILS, first_line(error), innermost_frame(error),
                           time.perf_counter() - start)
    outcome = _compared(case, NUMBA, expected, actual, start)
    outcome.function = jitted
    return outcome


def run(cases: list[Case], executors: tuple[str, ...]) -> list[Outcome]:
    outcomes = []
    for case in cases:
        try:
            with warnings.catch_warnings(), np.errstate(all="ignore"):
                warnings.simplefilter("ignore")
                expected = _eager(case)
        except Exception as error:  # noqa: BLE001
            outcomes.extend(Outcome(case, ex, INVALID, first_line(error), innermost_frame(error)) for ex in executors)
            continue
        for executor in executors:
            outcomes.append(run_case(case, executor, expected))
    return outcomes
