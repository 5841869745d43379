"""``x[m] = f(x[m], y[m], s)`` on XLA as one ``where`` (runtime/jax/masked_writes.py), differential against NumPy.

Random programs write through a mask computed in the graph a value that elementwise ops make from reads through
the same mask, scalars and (for a mask over rows) a row, at the top level, under a staged ``if``, in a ``for``
loop and in a ``while`` loop whose test reads the mask. NumPy runs each as written (the oracle); the converted
function runs it on plain values inside a trace (its converted form), and ``autograph.function`` on each
executor: the NumPy interpreter runs NumPy's masked kernels, XLA the ``where``. Every program is in the class the
rewrite takes, so XLA must run it (before the rewrite it refused all but the top-level ones).
"""

from __future__ import annotations

import random
import warnings

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import autograph
import autograph.testing
from runtime.limits import DataDependentIndex, DataDependentShape, Limitation
from tests.helpers import executors, jax_usable, load_f

DTYPES = ["float64", "float32", "int64", "int32", "uint8", "complex128"]
# (`({}) ** 2`: a square of a square, `{} ** 2` nested, read `y ** (2 ** 2)`, a complex power by 4, which the masked
# write leaves as it is on purpose, runtime/jax/masked_writes.py: a random seed met it in a make test run.)
UNARY = ["-{}", "np.abs({})", "np.sqrt(np.abs({}))", "np.exp(-np.abs({}))", "np.floor({})", "np.sin({})", "({}) ** 2"]
BINARY = ["({} + {})", "({} - {})", "({} * {})", "({} / {})", "np.maximum({}, {})", "np.minimum({}, {})",
          "np.where({} > 1, {}, {})"]
MASKS = ["x > 1", "np.abs(x - s) < 2", "(x > 0) & (y < 3)", "x != y"]
ROW_MASKS = ["x[:, 0] > 1", "np.abs(y[:, 1]) < 2", "x[:, 2] != s"]


def program(seed: int) -> tuple[str, str, str, bool]:
    """(x's dtype, y's dtype, the source of ``def f(x, y, s, w)``, whether x is 2-d) for ``seed``."""
    r = random.Random(seed)
    dtype = r.choice(DTYPES)
    y_dtype = r.choice([dtype, dtype, "float64", "int64"])
    two_d = r.random() < 0.5
    rows = two_d and r.random() < 0.5  # a mask over x's rows: x[m] is (k, 3), a row w broadcasts along it
    leaves = ["x[m]", "x[m]", "y[m]", "s", "2", "0.5"] + (["w"] if rows else [])

    def expr(depth: int) -> str:
        if depth == 0 or r.random() < 0.25:
            return r.choice(leaves)
        if r.random() < 0.4:
            return r.choice(UNARY).format(expr(depth - 1))
        form = r.choice(BINARY)
        return form.format(*(expr(depth - 1) for _ in range(form.count("{}"))))

    value = expr(3)
    if "[m]" not in value:
        value = f"({value}) + x[m]"
    mask = r.choice(ROW_MASKS if rows else MASKS)
    place = r.choice(["top", "if", "for", "while"])
    lines = ["def f(x, y, s, w):", "    x = x.copy()", f"    m = {mask}"]
    if place == "top":
        lines += [f"    x[m] = {value}"]
    elif place == "if":
        lines += ["    if np.any(m):", f"        x[m] = {value}"]
    elif place == "for":
        lines += ["    for i in range(3):", f"        x[m] = {value}", f"        m = {mask}", "        s = s + 1"]
    else:
        lines += ["    k = 0", "    while np.sum(m) > 0 and k < 4:", f"        x[m] = {value}", f"        m = {mask}",
                  "        k += 1"]
    lines.append("    return x")
    return dtype, y_dtype, "\n".join(lines) + "\n", two_d


def inputs(dtype: str, y_dtype: str, two_d: bool, seed: int) -> tuple:
    r = np.random.default_rng(seed)
    shape = (4, 3) if two_d else (7,)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        x = (r.integers(-3, 5, shape) + r.choice([0, 0.5, 0.25], shape)).astype(dtype)
        y = (r.integers(-2, 4, shape) * 1.5).astype(y_dtype)
    return x, y, 1.5, np.array([0.5, -1.0, 2.0])


def _outcome(fn, *args):
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        try:
            return "value", fn(*args)
        except (ArithmeticError, ValueError, TypeError) as error:
            return type(error), str(error)


def _same(got, want, exact: bool, transcendental: bool = False) -> None:
    """Equal dtypes, shapes and values; on XLA within a few ulps of the largest value (its transcendentals are its
    own: exp of float32 can be an ulp off NumPy's, and `s / exp(-x) - 2` cancels that ulp into a larger relative
    error; docs/jax.md). A wrong element (one the mask leaves out written, or one it keeps left) is off by far
    more."""
    assert (got.dtype, got.shape) == (want.dtype, want.shape), (got.dtype, want.dtype, got.shape, want.shape)
    if exact or want.dtype.kind not in "fc":
        np.testing.assert_array_equal(got, want)
    else:
        eps = np.finfo(want.dtype).eps
        finite = np.abs(want[np.isfinite(want)])
        scale = max(1.0, float(finite.max())) if finite.size else 1.0
        # (A loop that feeds exp or sin into a division and a difference carries XLA's ulp into more of the
        # result: seed 1019742 made 6.1915622335615e79 where NumPy gives ...617e79, 2.8e-14 relative, after four
        # rounds of `2 / x - x` of `exp(-|x|)`. The masks' effect, a wrong element, is off by far more.)
        rtol = 1e-12 if transcendental and want.dtype == np.float64 else 4 * eps
        np.testing.assert_allclose(got, want, rtol=rtol, atol=8 * eps * scale)


@pytest.mark.parametrize("executor", executors())
@settings(max_examples=40, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1))
def test_a_masked_write_of_masked_reads_is_numpys_on_every_executor(executor, seed):
    dtype, y_dtype, source, two_d = program(seed)
    f = load_f(source, "masked-write")
    args = inputs(dtype, y_dtype, two_d, seed)
    want = _outcome(f, *args)
    with autograph.testing.converted_form():
        converted = _outcome(autograph.convert(f), *args)
    got = _outcome(autograph.function(f, executor=executor), *args)
    if isinstance(got[0], type) and issubclass(got[0], Limitation) and "NumPy refuses the dtypes" in got[1]:
        # A loop body NumPy cannot trace for these dtypes (np.floor of a complex array), which eager code may never
        # run: refused by name on every executor (runtime/staging.py, untraceable_block), never a TypeError
        # that a program could catch
        assert want[0] == "value" or issubclass(want[0], TypeError), (source, want)
        got = want
    if isinstance(got[0], type) and issubclass(got[0], Limitation):
        # A clear refusal of something else (XLA's complex sin is not NumPy's at signed zeros), never of the mask
        assert executor == "jax" and not issubclass(got[0], DataDependentShape), (source, got)
        got = want
    for path, outcome in (("converted form", converted), (executor, got)):
        assert outcome[0] == want[0], (path, source, dtype, y_dtype, outcome, want)
        if want[0] == "value":
            _same(outcome[1], want[1], exact=path != "jax", transcendental="np.exp" in source or "np.sin" in source)


@pytest.mark.skipif(not jax_usable(), reason="needs JAX")
def test_mandelbrot_runs_its_masked_loop_on_xla():
    def mandelbrot(c, iterations):
        z = np.zeros_like(c)
        escaped = np.zeros(c.shape, dtype=np.int64)
        for i in range(iterations):
            inside = np.abs(z) < 2
            z[inside] = z[inside] ** 2 + c[inside]
            escaped[inside] = i
        return escaped

    c = np.linspace(-2, 1, 24)[None, :] + 1j * np.linspace(-1, 1, 16)[:, None]
    staged = autograph.function(mandelbrot, executor="jax")
    np.testing.assert_array_equal(staged(c, 20), mandelbrot(c, 20))
    graph = staged.get_concrete_function(c, 20).graph
    assert "where" in str(graph)


@pytest.mark.skipif(not jax_usable(), reason="needs JAX")
def test_a_masked_write_that_is_not_elementwise_is_still_refused_in_a_branch():
    def cumulative(x):
        x = x.copy()
        m = x > 0
        if np.any(m):  # (a staged branch: XLA cannot stop in it to run NumPy)
            x[m] = np.cumsum(x[m])  # each element depends on the others the mask keeps: no where computes it
        return x

    x = np.array([1.0, -2.0, 3.0, 4.0])
    assert autograph.function(cumulative)(x).tolist() == cumulative(x).tolist()
    with pytest.raises(DataDependentIndex, match="data-dependent shape"):
        autograph.function(cumulative, executor="jax")(x)
