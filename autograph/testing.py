"""Check that a function gives the same answers eagerly and staged: Hypothesis strategies that draw arrays
fitting a ``TensorSpec``, and a check that runs a function every way this project can and compares.

    from autograph.testing import assert_graph_matches_eager
    assert_graph_matches_eager(my_function, TensorSpec((None,), np.float64))

runs ``my_function`` on arrays Hypothesis draws (any length, float64) in each backend and, when two
disagree, raises ``MismatchError`` naming the smallest input Hypothesis shrank the failure to and
what each backend gave for it. The backends:

- ``"eager"``: the Python function itself, on NumPy arrays: the oracle, always run;
- ``"graph"``: ``autograph.function(fn)``, our graph on the NumPy interpreter;
- ``"xla"``: ``autograph.function(fn, executor="jax")``, our graph lowered to JAX and compiled by XLA;
- ``"jax"``: ``jax.jit(autograph.to_graph(fn))`` on ``jnp`` arrays, with 64-bit types enabled so a
  float64 input stays float64 (``fn`` must then use operations JAX arrays support: ``np.sum(x)`` works
  through ``x.sum``, ``np.maximum(x, 0)`` does not; the report shows JAX's error).

Equality is NumPy's, made strict: the results must have the same structure, and every array the same
shape and dtype (a Python ``0`` is an int64 array, a float ``0.0`` a float64 one), and the same values
bit for bit, except that any NaN equals any NaN. So ``-0.0`` differs from ``0.0``. Bitwise is the
default because the graph runs the very NumPy kernels eager code runs, so anything else is a real
difference (a loop that ran once too often by a tiny step, a promoted dtype). XLA may legitimately
round differently (reductions in another order, its own ``exp``/``log``): ``rtol`` / ``atol`` loosen
the value check for ``"xla"`` and ``"jax"`` only (as ``np.allclose``, NaN equal to NaN); shapes and
dtypes are always exact. When the eager call raises, every backend must raise too (any exception).

Without JAX installed, ``"xla"`` and ``"jax"`` are skipped with a ``BackendSkippedWarning`` that says
how to install it; if nothing is left to compare, the ``ImportError`` is raised instead.
"""

from __future__ import annotations

import copy
import warnings
import weakref
from collections.abc import Sequence
from typing import Any, Callable, Optional, Union

import numpy as np

try:
    import hypothesis
    import hypothesis.extra.numpy as hnp
    import hypothesis.strategies as st
except ImportError as error:  # Hypothesis is the [testing] extra, not a dependency of the converter
    raise ImportError("autograph.testing needs Hypothesis, which is not installed: "
                      "pip install 'autograph-numpy[testing]' (or pip install hypothesis)") from error

from autograph.api import to_graph
from autograph.errors import ConversionError
from autograph.function import function
from runtime import choice
from runtime.graph import TensorSpec
from runtime.graph.builder import GraphBuilder, building
from runtime.limits import AutographError

__all__ = ["BACKENDS", "BackendSkippedWarning", "MismatchError", "arrays", "assert_graph_matches_eager",
           "assert_matches_eager", "converted_form", "from_specs"]

BACKENDS = ("graph", "xla", "jax")
_NEEDS_JAX = ("xla", "jax")


class MismatchError(AssertionError, AutographError):
    """Two ways of running the same function gave different results (or one raised and the other did not)."""


class BackendSkippedWarning(UserWarning):
    """A backend asked for could not run here (JAX is not installed), so it was not compared."""


# --- strategies ---------------------------------------------------------------------------------------

def converted_form(*, trace: bool = True) -> Union[building, choice.converted_form]:
    """Inside the block, converted functions called on this thread run their converted form (what
    ``to_code`` shows), whatever their arguments. For tests that the converted form agrees with the
    function as written::

        with autograph.testing.converted_form():
            assert autograph.convert(f)(3) == f(3)

    ``trace=True`` (the default): the block is a graph trace in which plain values stage nothing, the
    converted form as library code meets it while ``autograph.function`` traces (its shape arithmetic,
    helpers called on Python values). What a trace stages whatever the values is staged there too:
    NumPy's random draws (``np.random.normal()`` is a graph tensor, which asks a graph's questions).

    ``trace=False``: no backend traces; the converted form runs on the values it gets, with nothing
    staged (random draws are drawn now, ``np.zeros`` is NumPy's). This is the form's own fidelity to
    Python, which ``make transparency`` measures on other people's test suites.

    (Both are ``with`` blocks of their own, no generator between them and the caller's ``with``: a Ctrl-C
    lands either before the block starts or inside it, where its ``__exit__`` ends it.)
    """
    return building(GraphBuilder()) if trace else choice.converted_form()


def _elements(dtype: np.dtype) -> st.SearchStrategy:
    """Zero, or magnitudes in [1e-3, 1e6] for floats, and -1000..1000 for integers: control-flow bugs show on
    such values, NumPy stays free of overflow warnings, and no result is likely to be subnormal (XLA on CPU
    flushes subnormals to zero: its rule, not a bug of ours; ``elements=`` can ask for them)."""
    if dtype.kind in "fc":
        real = dtype if dtype.kind == "f" else np.finfo(dtype).dtype
        top = min(1e6, float(np.finfo(real).max))
        width = real.itemsize * 8
        magnitudes = st.floats(float(real.type(1e-3)), float(real.type(top)), width=width)
        part = st.one_of(st.just(0.0), magnitudes, magnitudes.map(lambda v: -v))
        values = part if dtype.kind == "f" else st.builds(complex, part, part)
        return values.map(dtype.type)
    if dtype.kind in "iu":
        info = np.iinfo(dtype)
        return hnp.from_dtype(dtype, min_value=max(int(info.min), -1000), max_value=min(int(info.max), 1000))
    return hnp.from_dtype(dtype)


def arrays(spec: TensorSpec, *, elements: Optional[st.SearchStrategy] = None, min_side: int = 1,
           max_side: int = 4) -> st.SearchStrategy[np.ndarray]:
    """NumPy arrays that fit ``spec``: its dtype exactly, its known dimensions as given, and each ``None``
    dimension drawn from ``min_side..max_side`` (independently of the others).

    ``elements`` replaces the default values: zero or a magnitude in [1e-3, 1e6] for floats (each part of
    a complex), -1000..1000 for integers (clipped to the dtype's range), anything for booleans.
    """
    if not isinstance(spec, TensorSpec):
        raise TypeError(f"arrays() takes a TensorSpec, not {type(spec).__name__}: "
                        "write arrays(TensorSpec((None, 3), np.float64))")
    if not 0 <= min_side <= max_side:
        raise ValueError(f"arrays() needs 0 <= min_side <= max_side, got min_side={min_side}, max_side={max_side}")
    sides = [st.just(d) if d is not None else st.integers(min_side, max_side) for d in spec.shape]
    values = elements if elements is not None else _elements(spec.dtype)
    return hnp.arrays(spec.dtype, st.tuples(*sides), elements=values)


def from_specs(*specs: Union[TensorSpec, st.SearchStrategy], **array_options: Any) -> st.SearchStrategy[tuple]:
    """Tuples of arguments: an array from ``arrays(spec, **array_options)`` for each ``TensorSpec``,
    and a draw from each Hypothesis strategy as it is (for arrays whose shapes must agree, or NumPy scalars)."""
    parts = []
    for i, spec in enumerate(specs):
        if isinstance(spec, TensorSpec):
            parts.append(arrays(spec, **array_options))
        elif isinstance(spec, st.SearchStrategy):
            parts.append(spec)
        else:
            raise TypeError(f"argument {i} is of type {type(spec).__name__}; give a TensorSpec (drawn as arrays) or a "
                            "Hypothesis strategy (drawn as it is), e.g. st.just(3) for a constant")
    return st.tuples(*parts)


# --- running one input everywhere -----------------------------------------------------------------------

class _Raised:
    """What a call raised, shown in the report instead of a result."""

    def __init__(self, error: BaseException) -> None:
        self.error = error

    def __repr__(self) -> str:
        return f"raised {type(self.error).__name__}: {self.error}"


def _jax_jitted(fn: Callable) -> Callable:
    from runtime import jax as jax_runtime

    jax = jax_runtime.import_jax()  # (NumPy's global generator left as it was)
    import jax.numpy as jnp

    jitted = jax.jit(to_graph(fn))

    def run(*args: Any) -> Any:
        with jax.enable_x64(True):  # a float64 argument stays float64, as in NumPy
            out = jitted(*[jnp.asarray(a) if isinstance(a, np.ndarray) else a for a in args])
            return jax.tree.map(np.asarray, out)
    return run


_RUNNERS: dict[str, Callable[[Callable], Callable]] = {
    "graph": lambda fn: function(fn),
    "xla": lambda fn: function(fn, executor="jax"),
    "jax": _jax_jitted,
}
# One runner per (function, backend), so a @given test does not retrace or recompile at every example.
_runners: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _runner(fn: Callable, backend: str) -> Callable:
    per_function = _runners.setdefault(fn, {})
    if backend not in per_function:
        per_function[backend] = _RUNNERS[backend](fn)
    return per_function[backend]


def _call(fn: Callable, args: tuple) -> Any:
    try:
        return fn(*copy.deepcopy(args))  # a copy each: a function may write into its arguments
    except ConversionError:
        raise  # the function cannot be converted at all: no input can make it agree, so say that instead
    except Exception as error:
        return _Raised(error)


def _usable_backends(backends: Sequence[str]) -> list[str]:
    """The backends asked for that can run here; a warning for those that cannot."""
    unknown = [b for b in backends if b not in BACKENDS]
    if unknown:
        raise ValueError(f"unknown backend {unknown[0]!r}: choose from {', '.join(map(repr, BACKENDS))}")
    if not backends:
        raise ValueError(f"no backend to compare with eager: give some of {', '.join(map(repr, BACKENDS))}")
    jax_backends = [b for b in backends if b in _NEEDS_JAX]
    if jax_backends:
        from runtime import jax as jax_runtime

        try:
            jax_runtime.require()
        except ImportError as error:
            usable = [b for b in backends if b not in _NEEDS_JAX]
            if not usable:
                raise
            warnings.warn(f"autograph.testing: backend{'s' if len(jax_backends) > 1 else ''} "
                          f"{', '.join(map(repr, jax_backends))} skipped: {error}", BackendSkippedWarning,
                          stacklevel=3)
            return usable
    return list(backends)


# --- equality -------------------------------------------------------------------------------------------

def _leaves(x: Any) -> tuple[Any, list]:
    """(structure, leaves) of a nest of tuples, lists and dicts; a namedtuple is a tuple."""
    if isinstance(x, (tuple, list)):
        parts = [_leaves(item) for item in x]
        return (type(x) is list, tuple(p[0] for p in parts)), [leaf for p in parts for leaf in p[1]]
    if isinstance(x, dict):
        parts = [_leaves(x[k]) for k in x]
        return ("dict", tuple(x), tuple(p[0] for p in parts)), [leaf for p in parts for leaf in p[1]]
    return "leaf", [x]


def _bits_equal(a: np.ndarray, b: np.ndarray) -> bool:
    if a.dtype.kind in "fc":
        both_nan = np.isnan(a) & np.isnan(b)
        parts = (a.real, a.imag, b.real, b.imag) if a.dtype.kind == "c" else (a, a, b, b)
        uint = np.dtype(f"u{parts[0].dtype.itemsize}")
        same = (np.ascontiguousarray(parts[0]).view(uint) == np.ascontiguousarray(parts[2]).view(uint)) & (
            np.ascontiguousarray(parts[1]).view(uint) == np.ascontiguousarray(parts[3]).view(uint))
        return bool(np.all(same | both_nan))
    return bool(np.array_equal(a, b))


def _difference(expected: Any, got: Any, rtol: float, atol: float) -> Optional[str]:
    """None when ``got`` matches ``expected``, else what differs first."""
    if isinstance(expected, _Raised) or isinstance(got, _Raised):
        if isinstance(expected, _Raised) and isinstance(got, _Raised):
            return None
        return "one raised, the other returned"
    (tree_e, leaves_e), (tree_g, leaves_g) = _leaves(expected), _leaves(got)
    if tree_e != tree_g:
        return "the structure (tuples, lists, dicts) differs"
    for i, (e, g) in enumerate(zip(leaves_e, leaves_g)):
        where = f" of output {i}" if len(leaves_e) > 1 else ""
        try:
            e, g = np.asarray(e), np.asarray(g)
        except Exception:  # not array-like (a string, an object): Python's == decides
            if not bool(e == g):
                return f"the value{where} differs"
            continue
        if e.dtype != g.dtype:
            return f"the dtype{where} differs: {e.dtype} vs {g.dtype}"
        if e.shape != g.shape:
            return f"the shape{where} differs: {e.shape} vs {g.shape}"
        if rtol or atol:
            if e.dtype.kind in "fc" and not np.allclose(e, g, rtol=rtol, atol=atol, equal_nan=True):
                return f"the values{where} differ beyond rtol={rtol}, atol={atol}"
            if e.dtype.kind not in "fc" and not np.array_equal(e, g):
                return f"the values{where} differ"
        elif not _bits_equal(e, g):
            return f"the values{where} differ (bitwise; NaN equals NaN)"
    return None


def _show(x: Any) -> str:
    if isinstance(x, (np.ndarray, np.generic)):
        text = np.array2string(np.asarray(x), threshold=20, precision=17, separator=", ")
        return f"{text} ({x.dtype}, shape {x.shape})"
    if isinstance(x, (tuple, list)):
        inner = ", ".join(_show(item) for item in x)
        return f"({inner}{',' if len(x) == 1 else ''})" if isinstance(x, tuple) else f"[{inner}]"
    if isinstance(x, dict):
        return "{" + ", ".join(f"{k!r}: {_show(v)}" for k, v in x.items()) + "}"
    if isinstance(x, (bool, int, float, complex)):
        return f"{x!r} (Python {type(x).__name__})"
    return repr(x)


def assert_matches_eager(fn: Callable, *args: Any, backends: Sequence[str] = BACKENDS, rtol: float = 0.0,
                         atol: float = 0.0) -> None:
    """Run ``fn(*args)`` eagerly and in each backend; raise ``MismatchError`` if any result differs.

    The check for one input, ready for a Hypothesis ``@given`` test of your own::

        @given(autograph.testing.arrays(TensorSpec((None,), np.float64)))
        def test_my_function(x):
            autograph.testing.assert_matches_eager(my_function, x)

    Each backend gets its own copy of the arguments. ``rtol`` / ``atol`` apply to ``"xla"`` and
    ``"jax"`` only (see the module's docstring for the equality rule).
    """
    usable = _usable_backends(backends)
    expected = _call(fn, args)
    outputs = {"eager": expected}
    differences = {}
    for backend in usable:
        got = outputs[backend] = _call(_runner(fn, backend), args)
        tolerance = (rtol, atol) if backend in _NEEDS_JAX else (0.0, 0.0)
        difference = _difference(expected, got, *tolerance)
        if difference:
            differences[backend] = difference
    if differences:
        raise MismatchError(_report(fn, args, outputs, differences))


def _report(fn: Callable, args: tuple, outputs: dict, differences: dict) -> str:
    name = getattr(fn, "__name__", repr(fn))
    first = next(iter(differences))
    lines = [f"{name}: {first} disagrees with eager NumPy ({differences[first]})", "  input:"]
    try:
        import inspect

        names = list(inspect.signature(fn).bind(*args).arguments)
    except (TypeError, ValueError):
        names = [f"args[{i}]" for i in range(len(args))]
    lines += [_indented(f"    {n} = ", _show(a)) for n, a in zip(names, args)]
    width = max(map(len, outputs))
    for backend, out in outputs.items():
        verdict = "" if backend == "eager" else f"   <- {differences[backend]}" if backend in differences else \
            "   (agrees)"
        lines.append(_indented(f"  {backend + ':':{width + 1}} ", _show(out)) + verdict)
    return "\n".join(lines)


def _indented(prefix: str, text: str) -> str:
    """``prefix + text``, the text's later lines aligned under its first."""
    return prefix + text.replace("\n", "\n" + " " * len(prefix))


def assert_graph_matches_eager(fn: Callable, *specs: Union[TensorSpec, st.SearchStrategy],
                               backends: Sequence[str] = BACKENDS, rtol: float = 0.0, atol: float = 0.0,
                               max_examples: int = 100, settings: Optional[hypothesis.settings] = None,
                               **array_options: Any) -> None:
    """Let Hypothesis search for an input on which ``fn`` run eagerly and ``fn`` run in ``backends`` disagree.

    One argument per spec: a ``TensorSpec`` draws arrays (``arrays(spec, **array_options)``), a
    Hypothesis strategy draws as it is. On a disagreement Hypothesis shrinks the input, and
    ``MismatchError`` reports the smallest one with each backend's output. ``settings`` (a
    ``hypothesis.settings``) replaces the defaults: ``max_examples`` examples, no deadline (the first
    call of each shape traces, and on XLA compiles), no example database.
    """
    _usable_backends(backends)  # fail (or warn) once, before Hypothesis starts
    strategy = from_specs(*specs, **array_options)
    chosen = settings or hypothesis.settings(max_examples=max_examples, deadline=None, database=None,
                                             suppress_health_check=[hypothesis.HealthCheck.too_slow])

    @chosen
    @hypothesis.given(strategy)
    def agrees(args: tuple) -> None:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", BackendSkippedWarning)  # said once, above
            assert_matches_eager(fn, *args, backends=backends, rtol=rtol, atol=atol)

    try:
        agrees()
    except MismatchError as error:
        # Hypothesis re-raises the shrunk example's error; raise it again without Hypothesis's frames.
        raise MismatchError(f"{error.args[0]}\n(the smallest failing input Hypothesis found)") from None
