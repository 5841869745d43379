"""Special floating values through whole traced programs, on every executor, against eager NumPy.

The per-op table (tests/runtime/graph/test_special_values.py) runs each function alone on special values; the
random program families draw finite values. This module draws both at once: small NumPy programs (Python source,
``def f(x):``) that mix elementwise ops and ``np.where`` masks, casts through the other float dtype, reductions (over
every axis and along one), ``nan*`` reductions, cumulative ops, sorts, matmuls, Python's ``max`` / ``min`` / ``abs``
/ ``sum`` / ``float`` / ``int``, a staged ``if`` on a reduction or a scalar's truth, a ``while`` that halves until a
test fails and ``for`` loops over the rows; half of them use only the ops numba compiles. Their input is a float64
or float32 array of shape ``(n,)`` or ``(2, n)`` (``n`` from 1 to 20) whose items are often infinities, NaN, signed
zeros, the largest finite floats, the smallest normal one and subnormals. (The numba executor's float64 sum of a
short array whose first item was infinite was NaN, NumPy's inf, for long: no family met such inputs.)

The oracle is eager NumPy. Each executor must give its dtypes and shapes, NaN at the same places, the same
infinities and signs of zero, and finite values equal: exactly on "numpy" and "numba"; on XLA ("jax", and "auto",
called until its trial has run each executor) within ``rtol=atol=1e-12`` for float64 (tests/helpers.py
``same_result``) and ``1e-5`` for float32 (tests/runtime/jax/test_jax_appends_and_zips.py's ``equal``). A clear
refusal (a ``Limitation`` naming the line) is fine; another exception than eager's, or another answer, is not.

Allowed, as documented: on XLA, subnormals flushed to zero (docs/jax.md: its inputs hold none, nor numbers that a few
halvings make subnormal, and both sides' results are flushed), the tie between ``-0.0`` and ``0.0`` of the ``max`` /
``min`` reductions, ``fmax`` / ``fmin``, sorts and a clip with traced bounds (zeros' signs are not compared in a
program that holds one of those), the last bits of ``exp``, ``log`` and ``pow``; on the interpreter, the tie of
``nanmax`` / ``nanmin`` (a strict xfail of test_special_values.py); a Python number that ``max(s, 0.0)`` picks has
the tensor's dtype (docs/graph_builtins.md); ``int()`` of a float past int64 is refused (docs/limitations.md).

``AUTOGRAPH_SPECIAL_PROGRAM_EXAMPLES`` sets the programs on "numpy" and "jax" (25 by default),
``AUTOGRAPH_SPECIAL_PROGRAM_COMPILED_EXAMPLES`` those on "numba" and "auto" (a fifth of that: numba compiles each
program, about 1.5 s). The ``@example`` cases are what this module found, shrunk by hand."""

from __future__ import annotations

import importlib.util
import os
import re
import warnings

import numpy as np
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import autograph
from runtime.limits import Limitation
from tests.helpers import jax_usable, load_f

EXAMPLES = int(os.environ.get("AUTOGRAPH_SPECIAL_PROGRAM_EXAMPLES", "25"))  # on "numpy" and "jax"
# on "numba" and "auto", which compile each program with numba
COMPILED_EXAMPLES = int(os.environ.get("AUTOGRAPH_SPECIAL_PROGRAM_COMPILED_EXAMPLES", str(max(1, EXAMPLES // 5))))
AUTO_CALLS = 12  # executor="auto": its first call (the interpreter), JAX's untimed and timed runs, numba's trials

inf, nan = np.inf, np.nan
F32_MAX = float(np.finfo(np.float32).max)
SPECIALS = {
    np.dtype(np.float64): [inf, -inf, nan, -0.0, 0.0, 1e308, -1e308, float(np.finfo(np.float64).max),
                           float(np.finfo(np.float64).tiny), 3.4028235677973366e38, -1e39],  # (float32's inf)
    np.dtype(np.float32): [inf, -inf, nan, -0.0, 0.0, F32_MAX, -F32_MAX, float(np.float32(3e38)),
                           float(np.finfo(np.float32).tiny)],
}
SUBNORMALS = {
    np.dtype(np.float64): [5e-324, -5e-324, 2.5e-310],
    np.dtype(np.float32): [float(np.float32(1e-45)), -float(np.float32(1e-45)), float(np.float32(3e-39))],
}

# --- the programs --------------------------------------------------------------------------------------------------

# Ops numba claims (runtime/numba/lowering.py): a program of these alone compiles, where the others run on the
# interpreter; a program draws "claimed only" half the time, so numba's own code meets the special values.
BINARY_CLAIMED = ["np.add({}, {})", "np.subtract({}, {})", "np.multiply({}, {})", "np.divide({}, {})",
                  "np.maximum({}, {})", "np.minimum({}, {})", "{} + {}", "{} - {}", "{} * {}", "{} / {}",
                  "np.copysign({0}, np.where(np.isnan({1}), -1.0, {1}).astype(x.dtype))"]  # (NaN's sign: the machine's)
BINARY_OTHER = ["np.fmax({}, {})", "np.fmin({}, {})", "np.remainder({}, {})", "np.floor_divide({}, {})",
                "np.power({}, {})"]
UNARY_CLAIMED = ["np.abs({})", "np.negative({})", "np.sqrt({})", "np.floor({})", "-{}", "np.square({})",
                 "np.ceil({})", "np.trunc({})", "np.where(np.isfinite({0}), {0}, 0.0)"]
UNARY_OTHER = ["np.exp({})", "np.log({})", "np.sign({})", "np.reciprocal({})", "{} ** 0.5", "{} ** 2"]
REDUCE_CLAIMED = ["sum", "mean", "max", "min"]
REDUCE_OTHER = ["prod", "nanmax", "nanmin", "nansum"]
CONSTANTS = ["0.5", "2.0", "-1.0", "0.0", "-0.0", "3.0", "1.0", "np.inf", "-np.inf", "np.nan"]

# What XLA gives its own way (documented): zeros' signs are not compared on "jax" in a program that holds one.
JAX_ZERO_TIES = re.compile(r"np\.(max|min|fmax|fmin|sort|nanmax|nanmin)\(|np\.clip\([^,]+, s\d")
# The interpreter's known tie (test_special_values.py, KNOWN): nanmax / nanmin between -0.0 and 0.0.
NUMPY_ZERO_TIES = re.compile(r"np\.(nanmax|nanmin)\(")


@st.composite
def programs(draw) -> str:
    """The source of ``def f(x):``, ``x`` a float array of rank ``ndim`` (the comment on its first line says
    which); it returns every array and scalar it made."""
    ndim = draw(st.sampled_from([1, 2]))
    claimed = draw(st.booleans())
    binary = BINARY_CLAIMED + ([] if claimed else BINARY_OTHER)
    unary = UNARY_CLAIMED + ([] if claimed else UNARY_OTHER)
    reduce = REDUCE_CLAIMED + ([] if claimed else REDUCE_OTHER)
    arrays, scalars = ["x"], []
    lines = [f"def f(x):  # ndim {ndim}, {'claimed ops only' if claimed else 'any ops'}"]

    def array() -> str:
        return draw(st.sampled_from(arrays))

    def operand() -> str:
        kind = draw(st.sampled_from(["array", "array", "scalar", "constant"]))
        if kind == "scalar" and scalars:
            return draw(st.sampled_from(scalars))
        if kind == "constant":
            return draw(st.sampled_from(CONSTANTS))
        return array()

    def test_of_arrays() -> str:
        a, b = array(), operand()
        return draw(st.sampled_from([f"{a} > {b}", f"{a} <= {b}", f"{a} == {b}", f"np.isnan({a})",
                                     f"np.isinf({a})", f"np.logical_not(np.isnan({a}))",
                                     f"np.isnan({a}) | ({a} > {b})"]))

    def elementwise() -> str:
        """An expression of the arrays' shape and dtype."""
        kind = draw(st.sampled_from(["binary", "binary", "unary", "where", "all", "matmul", "cast", "builtin"]
                                    + ["sum"] * (ndim - 1)
                                    + ([] if claimed else ["clip", "axis", "cumulative", "sort", "argsort"])))
        a = array()
        if kind == "binary" or (kind == "builtin" and not scalars):
            pair = [a, operand()]
            if draw(st.booleans()):
                pair.reverse()
            return draw(st.sampled_from(binary)).format(*pair)
        if kind == "unary":
            return draw(st.sampled_from(unary)).format(a)
        if kind == "where":
            return f"np.where({test_of_arrays()}, {a}, {operand()})"
        if kind == "cast":  # through float32 (1e308 is inf there, 1e-300 zero) or float64, and back
            other = draw(st.sampled_from(["np.float32", "np.float64"]))
            return draw(st.sampled_from([f"{a}.astype({other}).astype(x.dtype)",
                                         f"({a}.astype({other}) {draw(st.sampled_from(['+', '-', '*', '/']))} "
                                         f"{operand()}).astype(x.dtype)"]))
        if kind == "builtin":  # Python's float() and int() of a NumPy scalar (int of NaN, of inf: errors)
            return f"{a} {draw(st.sampled_from(['+', '*']))} {draw(st.sampled_from(['float', 'int']))}" \
                   f"({draw(st.sampled_from(scalars))})"
        if kind == "sum":  # Python's sum: over the rows of a 2-D array, in order
            return f"{a} + sum({array()})"
        if kind == "matmul":  # (2, n) @ (n, 2) @ (2, n); 1-D: a dot product, times an array
            return f"({a} @ {array()}.T) @ {array()}" if ndim == 2 else f"({a} @ {array()}) * {array()}"
        if kind == "all":
            return f"np.where(np.{draw(st.sampled_from(['any', 'all']))}({test_of_arrays()}), {a}, {operand()})"
        if kind == "clip":
            low, high = draw(st.sampled_from([("-1.0", "2.0"), ("0.0", "1.0"), ("-0.0", "0.0"), ("0.0", "None")]
                                             + ([(scalars[-1], f"{scalars[-1]} + 1.0")] if scalars else [])))
            return f"np.clip({a}, {low}, {high})"
        if kind == "axis":
            axis = draw(st.sampled_from([0, -1] if ndim == 1 else [0, 1, -1]))
            fn = draw(st.sampled_from(reduce + ["argmax", "argmin", "any", "all"]))
            b = array()
            if fn in ("argmax", "argmin"):
                return f"{a} + np.{fn}({b}, axis={axis}, keepdims=True).astype(x.dtype)"
            if fn in ("any", "all"):
                return f"np.where(np.{fn}({b} > 0.0, axis={axis}, keepdims=True), {a}, {operand()})"
            return f"{a} {draw(st.sampled_from(['+', '-', '*', '/']))} np.{fn}({b}, axis={axis}, keepdims=True)"
        if kind == "cumulative":
            fn = draw(st.sampled_from(["cumsum", "cumprod"]))
            return f"np.{fn}({a}, axis=-1)" if ndim == 2 or draw(st.booleans()) else f"np.{fn}({a})"
        if kind == "sort":
            return f"np.sort({a}, axis=-1)"
        # argsort: stable, as XLA's (NumPy's default order of ties is unspecified: docs/graph_numpy_functions.md)
        return draw(st.sampled_from([f"np.argsort({a}, axis=-1, kind='stable').astype(x.dtype)",
                                     f"np.take_along_axis({array()}, np.argsort({a}, axis=-1, kind='stable'), "
                                     "axis=-1)"]))

    def scalar() -> str:
        """An expression of a 0-d value of the dtype."""
        a = array()
        if scalars and draw(st.integers(0, 3)) == 0:  # Python's builtins on NumPy scalars
            s, t = draw(st.sampled_from(scalars)), draw(st.sampled_from(scalars + ["0.0", "-0.0"]))
            return draw(st.sampled_from([f"max({s}, {t})", f"min({t}, {s})", f"abs({s})"]))
        if ndim == 1 and draw(st.integers(0, 5)) == 0:
            return f"sum({a})"  # (Python's sum: in order, from 0)
        if not claimed and draw(st.integers(0, 3)) == 0:
            return f"np.ravel({a})[np.{draw(st.sampled_from(['argmax', 'argmin']))}({a})]"
        if not claimed and draw(st.integers(0, 5)) == 0:
            return f"np.{draw(st.sampled_from(['argmax', 'argmin']))}({a}).astype(x.dtype)"
        return f"np.{draw(st.sampled_from(reduce))}({a})"

    def condition() -> str:
        """A staged test: a reduction or a scalar compared, a NaN or infinity looked for."""
        a = array()
        # (np.amax, np.amin: a test's zeros have no sign to compare; ``JAX_ZERO_TIES`` looks for np.max's)
        fn = draw(st.sampled_from(reduce)).replace("max", "amax").replace("min", "amin").replace("nana", "nan")
        options = [f"np.sum({a}) > 0.0", f"np.{fn}({a}) <= 1.0", f"np.any(np.isinf({a}))", f"np.all({a} >= 0.0)",
                   f"np.amax({a}) >= np.amin({a})"]
        if scalars:
            s = draw(st.sampled_from(scalars))
            options += [f"{s} > 0.0", f"np.isnan({s})", f"{s} == {s}", f"{s}", f"not {s}",  # (NaN is true)
                        f"{s} and np.sum({a}) > 0.0", f"{s} < 0.0 or np.isnan({s})"]
        return draw(st.sampled_from(options))

    for step in range(draw(st.integers(1, 6))):
        name = f"a{step + 1}"
        kind = draw(st.sampled_from(["array", "array", "array", "scalar", "if", "while", "rows", "range"]))
        if kind == "scalar":
            name = f"s{step + 1}"
            lines.append(f"    {name} = {scalar()}")
            scalars.append(name)
            continue
        if kind == "array":
            lines.append(f"    {name} = {elementwise()}")
        elif kind == "if" and draw(st.booleans()):
            lines.append(f"    if {condition()}:")
            lines.append(f"        {name} = {elementwise()}")
            lines.append("    else:")
            lines.append(f"        {name} = {elementwise()}")
        elif kind == "if":  # a branch that adds to what was there before: a zero of either sign
            lines.append(f"    {name} = np.full_like(x, {draw(st.sampled_from(['0.0', '-0.0']))})")
            lines.append(f"    if {condition()}:")
            lines.append(f"        {name} = {name} {draw(st.sampled_from(['+', '-']))} {elementwise()}")
            if draw(st.booleans()):
                lines.append("    else:")
                lines.append(f"        {name} = {elementwise()} {draw(st.sampled_from(['+', '-']))} {name}")
        elif kind == "while":
            start = array()
            test = draw(st.sampled_from([f"np.amax(np.abs({name})) > 1.0", f"np.sum({name}) > 1.0",
                                         f"np.any({name} > 1.0)", f"np.mean(np.abs({name})) >= 0.5"]))
            lines += [f"    {name} = {start}", f"    k{step + 1} = 0",
                      f"    while {test} and k{step + 1} < {draw(st.integers(1, 6))}:",
                      f"        {name} = {name} / 2", f"        k{step + 1} += 1"]
        elif kind == "rows":  # a loop over the items (1-D) or rows (2-D), a staged choice in its body
            start, other = array(), array()
            lines.append(f"    c{step + 1} = np.zeros_like({start}[0])")
            lines.append(f"    for v in {start}:")
            body = draw(st.sampled_from(["max", "add", "if"]))
            if body == "max":
                lines.append(f"        c{step + 1} = np.where(v > c{step + 1}, v, c{step + 1})")
            elif body == "add":
                lines.append(f"        c{step + 1} = c{step + 1} + v")
            else:
                lines += ["        if np.sum(v) > 0.0:", f"            c{step + 1} = c{step + 1} + v",
                          "        else:", f"            c{step + 1} = c{step + 1} - v"]
            lines.append(f"    {name} = {other} {draw(st.sampled_from(['+', '-', '*']))} c{step + 1}")
        else:
            start, other = array(), array()
            lines += [f"    {name} = {start}", f"    for i in range({draw(st.integers(1, 3))}):",
                      f"        {name} = {name} * 0.5 + {other}"]
        arrays.append(name)
    if arrays[-1] == "x":  # (a program returns an array it computed: never its input)
        lines.append(f"    a0 = {draw(st.sampled_from(binary)).format('x', draw(st.sampled_from(CONSTANTS)))}")
        arrays.append("a0")
    lines.append(f"    return {', '.join(arrays[1:] + scalars)}")
    return "\n".join(lines) + "\n"


def ndim_of(source: str) -> int:
    return int(source.split("# ndim ")[1][0])


@st.composite
def inputs(draw, ndim: int) -> np.ndarray:
    """A float64 or float32 array of shape ``(n,)`` or ``(2, n)`` whose items are often special values."""
    dtype = np.dtype(draw(st.sampled_from([np.float64, np.float32])))
    n = draw(st.integers(1, 20))
    # (ordinary numbers are not so small that a few products make a subnormal: XLA flushes those, docs/jax.md)
    ordinary = st.floats(-100, 100, width=dtype.itemsize * 8, allow_subnormal=False).map(
        lambda v: v if abs(v) >= 1e-3 else 0.0)
    elements = st.one_of(st.sampled_from(SPECIALS[dtype] + SUBNORMALS[dtype]), ordinary, ordinary)
    return draw(hnp.arrays(dtype, (n,) if ndim == 1 else (2, n), elements=elements))


@st.composite
def cases(draw) -> tuple:
    source = draw(programs())
    return source, draw(inputs(ndim_of(source)))


# --- the comparison ------------------------------------------------------------------------------------------------


def flushed(w: np.ndarray, scale: float = 1.0) -> np.ndarray:
    """A float result as XLA on CPU gives it: subnormals flushed to zero, keeping their sign (docs/jax.md); with
    ``scale``, the numbers below ``scale`` times the smallest normal too."""
    return np.where(np.abs(w) < scale * np.finfo(w.dtype).tiny, np.copysign(0, w), w).astype(w.dtype)


def differences(got, want, executor: str, zero_signs: bool, where: str = "result") -> list:
    """How ``got`` differs from eager's ``want``, leaf by leaf (empty if it does not)."""
    if isinstance(want, tuple):
        if not isinstance(got, tuple) or len(got) != len(want):
            return [f"{where}: eager a tuple of {len(want)}, the graph {got!r}"]
        return [d for i, (g, w) in enumerate(zip(got, want)) for d in
                differences(g, w, executor, zero_signs, f"{where}[{i}]")]
    g, w = np.asarray(got), np.asarray(want)
    if type(want) is float and g.dtype.kind == "f" and g.shape == ():  # (max(s, 0.0) choosing 0.0: the number
        w = np.asarray(want, g.dtype)  # has the tensor's dtype in a graph, docs/graph_builtins.md, "min and max")
    if (g.dtype, g.shape) != (w.dtype, w.shape):
        return [f"{where}: eager {w.dtype}{list(w.shape)}, the graph {g.dtype}{list(g.shape)}"]
    if w.dtype.kind != "f":
        return [] if np.array_equal(g, w) else [f"{where}: eager {w!r}, the graph {g!r}"]
    xla = executor in ("jax", "auto")
    if xla:
        g, w = flushed(g), flushed(w)
    nan = np.isnan(w)
    wrong = np.isnan(g) != nan
    numbers = ~nan & ~np.isnan(g)
    with np.errstate(all="ignore"):
        if xla:  # XLA's sums and transcendental functions round their own way (float32: a sum that cancels more)
            tolerance = 1e-12 if w.dtype == np.float64 else 1e-5
            finite = numbers & np.isfinite(w) & np.isfinite(g)
            close = np.abs(g.astype(np.float64) - w) <= tolerance * (1 + np.abs(w.astype(np.float64)))
            wrong |= finite & ~close
            wrong |= numbers & ~finite & (g != w)
        else:
            wrong |= numbers & (g != w)
        if zero_signs:
            wrong |= numbers & (w == 0) & (np.signbit(g) != np.signbit(w))
    if not wrong.any():
        return []
    return [f"{where} ({w.dtype}{list(w.shape)}) at {np.argwhere(wrong).tolist()}: eager {w[wrong].tolist()}, "
            f"the graph {g[wrong].tolist()}"]


LOCATED = re.compile(r"(\.py|-\d+>):\d+|line \d+")  # (a program's file is "<special-program-N>")


def clear_refusal(error: BaseException | None) -> bool:
    """A ``Limitation`` that names the line it refuses (tests/coverage/outcomes.py's ``refused``, for these
    programs' files); or ``int()`` of a float past int64, which a graph refuses (docs/limitations.md, "Python ints
    are int64") with an OverflowError that says so."""
    notes = " ".join(getattr(error, "__notes__", []))
    if isinstance(error, OverflowError) and "a graph holds Python ints as int64" in str(error):
        return True
    return isinstance(error, Limitation) and bool(LOCATED.search(f"{error} {notes}"))


def outcome(fn, x: np.ndarray):
    """``(value, None)`` or ``(None, exception)`` of ``fn`` on a copy of ``x``, NumPy's warnings silenced."""
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        try:
            return fn(x.copy()), None
        except Exception as error:  # noqa: BLE001  (the exception is the outcome)
            return None, error


def mismatch(source: str, x: np.ndarray, executor: str) -> list:
    """What the graph of ``source`` on ``executor`` gives other than eager NumPy on ``x`` (empty: the same, or a
    clear refusal)."""
    xla = executor in ("jax", "auto")
    if xla:  # (XLA flushes subnormals: docs/jax.md. Both run on the input as XLA reads it, without the numbers
        x = flushed(x, 2.0 ** 20)  # that a few halvings make subnormal)
    f = load_f(source, "special-program")
    want, eager_error = outcome(f, x)
    staged = autograph.function(f, executor=executor)
    zero_signs = not (JAX_ZERO_TIES if xla else NUMPY_ZERO_TIES).search(source)
    problems = []
    for call in range(AUTO_CALLS if executor == "auto" else 1):
        got, error = outcome(staged, x)
        if clear_refusal(error):
            return []
        if eager_error is not None or error is not None:
            if type(error) is not type(eager_error):
                problems.append(f"call {call + 1}: eager {eager_error!r}, the graph {error!r}")
                break
            continue
        problems += [f"call {call + 1}: {d}" for d in differences(got, want, executor, zero_signs)]
        if problems:  # (executor="auto": the first call that differs says it)
            break
    return problems


def needs(module: str) -> pytest.MarkDecorator:
    usable = jax_usable() if module == "jax" else importlib.util.find_spec(module) is not None
    return pytest.mark.skipif(not usable, reason=f"needs {module}, which is not installed")


# --- the test ------------------------------------------------------------------------------------------------------


def with_items(shape: tuple, dtype, items: dict) -> np.ndarray:
    """Zeros of ``shape`` but ``items`` ({index: value})."""
    x = np.zeros(shape, dtype)
    for index, value in items.items():
        x[index] = value
    return x


# The disagreements this module found (stop 88), shrunk by hand; each failed on "jax" and "auto".
# XLA dropped an addition of a zero it could see (NumPy's -0.0 + 0.0 is +0.0), fixed in runtime/jax/lowering.py as
# they were found: a constant 0.0 added to an array of one item (a barrier on the 0-d constant, broadcast after it),
ADD_ZERO_TO_ONE_ITEM = ("def f(x):\n    return np.add(x, 0.0)\n", np.array([-0.0]))
# a constant -0.0 subtracted (any shape: only np.add's zero had a barrier),
SUBTRACT_NEGATIVE_ZERO = ("def f(x):\n    return x - -0.0\n", np.array([-0.0, 2.0]))
# a constant zero carried into a loop of one iteration, which XLA removes before it folds `0.0 + v`, and one carried
# into a staged `if` whose branch adds to it (XLA moves the constant into the branch).
ONE_ITERATION_FROM_ZERO = ("def f(x):\n    total = np.zeros_like(x[0])\n    for v in x:\n        total = total + v\n"
                           "    return total\n", np.array([-0.0]))
ADDED_TO_ZERO_IN_AN_IF = ("def f(x):\n    a = np.zeros_like(x)\n    if np.sum(x) > 0.0:\n        a = a + x\n"
                          "    return a\n", np.array([-0.0, 1.0]))
# XLA's float sum of 16 items or more adds in its own order, not NumPy's pairwise one (8 lanes: items 0 and 8 meet
# first): where a partial sum overflows in one order only, NaN vs -inf (jax: -inf), also through a staged `if`.
# Since stop 89 "jax" refuses such a run (OrderDependentOverflow, runtime/jax/summation_order.py) and "auto" runs
# it on the interpreter.
SUM_ORDER = ("def f(x):\n    return np.sum(x)\n", with_items((16,), np.float64, {0: 1e308, 8: 1e308, 1: -inf}))
MEAN_ORDER_IN_AN_IF = ("def f(x):\n    if np.mean(x) <= 1.0:\n        a = np.floor(x)\n    else:\n        a = x + x\n"
                       "    return a\n", with_items((16,), np.float32, {0: 3e38, 8: 3e38, 1: -inf, 2: 1.5}))
# XLA's float matmul is not NumPy's BLAS call (OpenBLAS's fused multiply-adds): -inf * 1 + 63 * 1e308 is -inf in
# NumPy's gemm, NaN on XLA from 8 columns on. Refused since stop 89, as the sums above.
MATMUL_OVERFLOW = ("def f(x):\n    return x @ x.T\n",
                   with_items((2, 8), np.float64, {(0, 0): -inf, (0, 1): 63.0, (1, 0): 1.0, (1, 1): 1e308}))


def check(executor: str, case: tuple) -> None:
    source, x = case
    problems = mismatch(source, x, executor)
    assert not problems, f"executor={executor!r}, x={x!r}:\n{source}\n" + "\n".join(problems)


PINS = (ADD_ZERO_TO_ONE_ITEM, SUBTRACT_NEGATIVE_ZERO, ONE_ITERATION_FROM_ZERO, ADDED_TO_ZERO_IN_AN_IF, SUM_ORDER,
        MEAN_ORDER_IN_AN_IF, MATMUL_OVERFLOW)


def pinned(test):
    """``test`` with each of ``PINS`` as an ``@example``."""
    for case in reversed(PINS):
        test = example(case=case)(test)
    return test


SETTINGS = dict(deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much])


@pytest.mark.parametrize("executor", [pytest.param("numpy", id="numpy"),
                                      pytest.param("jax", id="jax", marks=needs("jax"))])
@settings(max_examples=EXAMPLES, **SETTINGS)
@given(case=cases())
@pinned
def test_a_program_on_special_values_gives_eagers_answer(executor, case):
    check(executor, case)


# numba compiles each program (about 1.5 s), and "auto" compiles it for numba and XLA: fewer programs by default.
@pytest.mark.parametrize("executor", [pytest.param("numba", id="numba", marks=needs("numba")),
                                      pytest.param("auto", id="auto")])
@settings(max_examples=COMPILED_EXAMPLES, **SETTINGS)
@given(case=cases())
@pinned
def test_a_compiled_program_on_special_values_gives_eagers_answer(executor, case):
    check(executor, case)
