"""Each program of the corpus (``programs.py``, ``libraries.py``), converted and run under ``jax.jit``, against
the plain function run eagerly (Python control flow on concrete arrays) and its hand-written ``lax``
twin; ``jax.grad``, ``jax.jvp`` and ``jax.vmap`` against the twin where the program says they make sense;
``autograph.function(..., backend="jax")`` against the plain function."""

from __future__ import annotations

import contextlib
import re
import warnings

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import autograph
from jax_programs.programs import PROGRAMS
from runtime.jax import UnrolledLoopWarning
from runtime.jax import loops as jax_loops

IDS = [p.name for p in PROGRAMS]


@pytest.fixture(autouse=True)
def _every_unrolled_loop_warns():
    """The runtime warns once per loop: each test sees its own programs' warnings, whatever ran before."""
    jax_loops._warned.clear()


def marked(programs):
    """The programs as parameters, a known failure (``Program.known_failure``: a loop that unrolls, which the
    tests below refuse; ``jax.vmap``'s test allows it) as a strict xfail naming its class."""
    return [pytest.param(p, id=p.name, marks=[pytest.mark.xfail(strict=True, reason=p.known_failure)]
                         if p.known_failure else []) for p in programs]


def _probe(x):
    for i in range(3):
        x = x + i
    return x


# Whether the dispatch core offers static range loops to the JAX backend (runtime/operators.py).
STATIC_RANGES_STAGED = "scan" in str(jax.make_jaxpr(autograph.to_graph(_probe))(1.0))


def close(got, expected, rtol):
    got_leaves, got_tree = jax.tree.flatten(got)
    expected_leaves, expected_tree = jax.tree.flatten(expected)
    assert got_tree == expected_tree
    for g, e in zip(got_leaves, expected_leaves):
        if jax.dtypes.issubdtype(g.dtype, jax.dtypes.prng_key):
            g, e = jax.random.key_data(g), jax.random.key_data(e)
        np.testing.assert_allclose(np.asarray(g), np.asarray(e), rtol=rtol, atol=1e-6)


def converted(program):
    return autograph.to_graph(program.plain)


def test_the_corpus_is_large_and_names_its_sources():
    assert len(PROGRAMS) >= 60
    assert len(set(IDS)) == len(IDS)
    assert all(p.source for p in PROGRAMS)
    assert sum(p.grad is not None for p in PROGRAMS) >= 30
    assert sum(p.vmap is not None for p in PROGRAMS) >= 40


def test_half_the_corpus_comes_from_jax_libraries_each_named_at_a_commit_with_its_licence():
    """Issue 31: at least 30 programs from public repositories the first half does not cite, each named as
    ``owner/name@<40-hex commit> (<licence>) <path>``."""
    from jax_programs import libraries

    def from_libraries(p):  # libraries.py, and libraries_more.py after it
        return p.plain.__module__.startswith(libraries.__name__)

    first_half = " ".join(p.source for p in PROGRAMS if not from_libraries(p))
    cited = re.compile(r"([\w.-]+/[\w.-]+)@[0-9a-f]{40} \((Apache-2\.0|MIT|BSD-3-Clause)\) \S+")
    new = [p for p in PROGRAMS if from_libraries(p)
           and (m := cited.match(p.source)) and m.group(1) not in first_half]
    assert len(new) >= 30 and len(new) >= len(PROGRAMS) / 2


@pytest.mark.parametrize("program", marked(PROGRAMS))
def test_converted_under_jit_equals_eager_and_twin(program):
    if program.needs_scan and not STATIC_RANGES_STAGED:
        pytest.skip("its range loop would be unrolled: minutes of compilation (see docs/jax.md)")
    args = program.args()
    expected = program.expected(*args)  # eager: Python control flow on concrete JAX arrays
    with warnings.catch_warnings():
        warnings.simplefilter("error", UnrolledLoopWarning)  # no program's loop is unrolled
        got = jax.jit(converted(program))(*args)
    close(got, expected, program.rtol)
    close(jax.jit(program.twin)(*args), expected, program.rtol)


GRADS = [p for p in PROGRAMS if p.grad is not None]


@pytest.mark.parametrize("program", marked(GRADS))
def test_reverse_mode_grad_equals_the_twins(program):
    loss = program.loss or (lambda out: out)

    def scalar(fn):
        return lambda *a: loss(fn(*a))

    args = program.args()
    with warnings.catch_warnings():
        warnings.simplefilter("error", UnrolledLoopWarning)
        got = jax.jit(jax.grad(scalar(converted(program)), argnums=program.grad))(*args)
    close(got, jax.grad(scalar(program.twin), argnums=program.grad)(*args), 1e-4)


def _differentiated(fn, args, argnums):
    """``fn`` as a function of the arguments at ``argnums`` only (the others fixed to ``args``)."""
    def partial(*diff):
        full = list(args)
        for k, d in zip(argnums, diff):
            full[k] = d
        return fn(*full)
    return partial


def _real_leaves(tree):
    """The leaves a JVP compares: integer and boolean outputs have float0 tangents, nothing to compare."""
    return [leaf for leaf in jax.tree.leaves(tree) if jnp.asarray(leaf).dtype != jax.dtypes.float0]


JVPS = [p for p in PROGRAMS if (p.jvp or p.grad) is not None]


@pytest.mark.parametrize("program", marked(JVPS))
def test_forward_mode_jvp_equals_the_twins(program):
    argnums = program.jvp or program.grad
    args = program.args()
    primals = tuple(args[k] for k in argnums)
    tangents = jax.tree.map(lambda x: jnp.full_like(x, 0.5) + 0.1 * jnp.cos(jnp.arange(x.size)).reshape(x.shape),
                            primals)
    with warnings.catch_warnings():
        warnings.simplefilter("error", UnrolledLoopWarning)
        got = jax.jit(lambda p, t: jax.jvp(_differentiated(converted(program), args, argnums), p, t))(
            primals, tangents)
    expected = jax.jvp(_differentiated(program.twin, args, argnums), primals, tangents)
    close(_real_leaves(got), _real_leaves(expected), 1e-4)


VMAPS = [p for p in PROGRAMS if p.vmap is not None]


def batch(args, in_axes):
    """Three copies of each batched argument, scaled a little differently (ints offset by 1)."""
    out = []
    for a, axis in zip(args, in_axes):
        if axis is None:
            out.append(a)
        elif jnp.issubdtype(a.dtype, jnp.integer):
            out.append(jnp.stack([a, a + 1, a + 2]))
        else:
            out.append(jnp.stack([a, a * 0.5, a * 1.5]))
    return out


@pytest.mark.parametrize("program", VMAPS, ids=[p.name for p in VMAPS])
def test_vmap_equals_the_twins(program):
    args = batch(program.args(), program.vmap)
    # (a known failure is a loop that unrolls: right under vmap too, and its warning says so)
    with pytest.warns(UnrolledLoopWarning) if program.known_failure else contextlib.nullcontext():
        got = jax.jit(jax.vmap(converted(program), in_axes=program.vmap))(*args)
    close(got, jax.vmap(program.twin, in_axes=program.vmap)(*args), program.rtol)


@pytest.mark.parametrize("program", marked(PROGRAMS))
def test_backend_jax_function_equals_eager(program):
    """``autograph.function(f, backend="jax")``: converted, staged and compiled by the runtime itself."""
    if program.needs_scan and not STATIC_RANGES_STAGED:
        pytest.skip("its range loop would be unrolled: minutes of compilation (see docs/jax.md)")
    args = program.args()
    with warnings.catch_warnings():
        warnings.simplefilter("error", UnrolledLoopWarning)
        got = autograph.function(program.plain, backend="jax")(*args)
    close(got, program.expected(*args), program.rtol)


def test_the_bubble_sort_twin_sorts():
    """Its twin is the same algorithm written with lax (for the benchmark); jnp.sort is the oracle."""
    from jax_programs.programs import _bubble_twin

    for x in ([3.0, 1.0, 2.0, 5.0, 4.0], [5.0, 4.0, 3.0, 2.0, 1.0], [2.0, 2.0, 1.0, 0.0, 7.0, -1.0], [1.0]):
        np.testing.assert_array_equal(jax.jit(_bubble_twin)(jnp.array(x)), np.sort(x))


def _program(name):
    return next(p for p in PROGRAMS if p.name == name)


def _outer_equations(program):
    closed = jax.make_jaxpr(converted(program))(*program.args())
    return [e.primitive.name for e in closed.jaxpr.eqns], str(closed)


def test_bubble_sort_is_one_scan_holding_one_bounded_scan():
    """Its inner range(n - i - 1) is bounded by n - 1 and guarded: no unrolled passes (there were five)."""
    names, text = _outer_equations(_program("bubble_sort"))
    assert names == ["scan"]
    assert text.count("scan[") == 2 and "while[" not in text
    assert "length=5" in text and "length=4" in text


def test_adaptive_euler_is_one_while_loop_from_constant_initial_values():
    """t = 0.0 and h = 0.25 (Python floats) start the loop as constants, as in the twin; the first
    iteration is no longer run before the loop."""
    program = _program("adaptive_euler")
    closed = jax.make_jaxpr(converted(program))(*program.args())
    assert [e.primitive.name for e in closed.jaxpr.eqns] == ["while"]
    constants = [v for v in closed.jaxpr.eqns[0].invars if isinstance(v, jax.extend.core.Literal)]
    assert sorted(float(v.val) for v in constants) == [0.0, 0.25]
    got = jax.jit(converted(program))(*program.args())
    twin = jax.jit(program.twin)(*program.args())
    assert got == program.plain(*program.args()) == twin
    assert (got.dtype, got.weak_type) == (twin.dtype, twin.weak_type)


def test_sum_by_index_is_one_scan():
    """y = 0. (a Python float) then y = y + x[i]: one scan from the start, not 8 unrolled additions."""
    names, text = _outer_equations(_program("sum_by_index"))
    assert names == ["scan"]
    assert "length=8" in text and text.count("dynamic_slice") == 1  # x[i] once, in the scan's body
