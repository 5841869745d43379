"""Functions handed to JAX are converted: ``lax.scan(body, ...)``, ``lax.fori_loop``, ``lax.while_loop``, ``lax.cond``,
``lax.switch``, ``lax.map``, ``jax.vmap`` / ``jit`` / ``grad`` / ``checkpoint`` / ``tree_util.tree_map`` of a
module-level function, and ``jax.custom_jvp`` / ``jax.custom_vjp`` objects (runtime/jax/higher_order.py).

Each program's function has Python control flow on the values JAX traces it with. The oracle is the same computation
in plain Python on concrete values (the loop JAX's function documents, written out), run eagerly. Every program runs on
each path a user takes with JAX: ``jax.jit(autograph.to_graph(f))``, ``autograph.function(f, backend="jax")`` and
``jax.grad`` of it; and called as written (outside any trace), where, as the original, JAX traces the unconverted
function and refuses its ``if``.
"""

from __future__ import annotations

import re
from typing import Any, Callable

import numpy as np
import pytest

import autograph

jax = pytest.importorskip("jax")
jnp = jax.numpy
lax = jax.lax


# --- the functions JAX is given: module-level, so only ag__.call can convert them ---------------------------------

def _clipped_step(total, x):
    if x > 0:
        total = total + x
    else:
        total = total - 0.5 * x
    return total, total * 2


def _halving(i, x):
    while jnp.abs(x) > 1.0:
        x = x / 2
    return x + i


def _not_done(state):
    x, n = state
    return x < 10.0 if n < 5 else False


def _grow(state):
    x, n = state
    if x < 1.0:
        x = x + 1.0
    else:
        x = x * 1.5
    return x, n + 1


def _positive_branch(x):
    return x * 2 if x > 1.0 else x


def _negative_branch(x):
    y = -x
    if y > 3.0:
        y = 3.0 + 0 * y
    return y


def _square_branch(x):
    return x * x


def _abs_like(x):
    if x > 0:
        return x
    return -x


@jax.custom_jvp
def _halve_to_one(x):
    while x > 1.0:
        x = x / 2
    return x


@_halve_to_one.defjvp
def _halve_to_one_jvp(primals, tangents):
    (x,), (dx,) = primals, tangents
    scale = 1.0
    while x * scale > 1.0:
        scale = scale / 2
    return _halve_to_one(x), dx * scale


@jax.custom_vjp
def _soft_clip(x):
    if x > 1.0:
        return 1.0 + 0.0 * x
    return x


def _soft_clip_fwd(x):
    return _soft_clip(x), x


def _soft_clip_bwd(x, g):
    if x > 1.0:
        return (0.1 * g,)
    return (g,)


_soft_clip.defvjp(_soft_clip_fwd, _soft_clip_bwd)


# --- the programs and their plain Python oracles --------------------------------------------------------------------

def scan_program(xs):
    total, doubled = lax.scan(_clipped_step, 0.0, xs)
    return total + jnp.sum(doubled)


def scan_oracle(xs):
    total, doubled = 0.0, []
    for x in xs:
        total, out = _clipped_step(total, float(x))
        doubled.append(out)
    return total + sum(doubled)


def fori_program(xs):
    return lax.fori_loop(0, 3, _halving, xs[0] * 10)


def fori_oracle(xs):
    x = float(xs[0]) * 10
    for i in range(3):
        x = _halving(i, x)
    return x


def while_program(xs):
    x, n = lax.while_loop(_not_done, _grow, (xs[0], 0))
    return x + n


def while_oracle(xs):
    state = (float(xs[0]), 0)
    while _not_done(state):
        state = _grow(state)
    return state[0] + state[1]


def cond_program(xs):
    return lax.cond(xs[0] > 0, _positive_branch, _negative_branch, xs[1])


def cond_oracle(xs):
    return _positive_branch(float(xs[1])) if xs[0] > 0 else _negative_branch(float(xs[1]))


def switch_program(xs):
    index = jnp.clip(jnp.int32(jnp.abs(xs[0])), 0, 2)
    return lax.switch(index, [_positive_branch, _negative_branch, _square_branch], xs[1])


def switch_oracle(xs):
    branches = [_positive_branch, _negative_branch, _square_branch]
    return branches[int(np.clip(np.int32(abs(np.float32(xs[0]))), 0, 2))](float(xs[1]))


def map_program(xs):
    return jnp.sum(lax.map(_abs_like, xs))


def map_oracle(xs):
    return sum(_abs_like(float(x)) for x in xs)


def vmap_program(xs):
    return jnp.sum(jax.vmap(_positive_branch)(xs))


def vmap_oracle(xs):
    return sum(_positive_branch(float(x)) for x in xs)


def inner_jit_program(xs):
    return jax.jit(_negative_branch)(xs[2])


def inner_jit_oracle(xs):
    return _negative_branch(float(xs[2]))


def checkpoint_program(xs):
    return jax.checkpoint(_abs_like)(xs[1]) + jax.grad(_abs_like)(xs[2])


def checkpoint_oracle(xs):
    return _abs_like(float(xs[1])) + (1.0 if xs[2] > 0 else -1.0)


def tree_map_program(xs):
    mapped = jax.tree_util.tree_map(_abs_like, {"a": xs[0], "b": (xs[1], xs[2])})
    return mapped["a"] + mapped["b"][0] * mapped["b"][1]


def tree_map_oracle(xs):
    a, b, c = (_abs_like(float(x)) for x in xs[:3])
    return a + b * c


def custom_jvp_program(xs):
    return _halve_to_one(xs[0] * 10) + xs[1]


def custom_jvp_oracle(xs):
    return _halve_to_one.fun(float(xs[0]) * 10) + float(xs[1])


def custom_vjp_program(xs):
    return _soft_clip(xs[0]) * xs[1]


def custom_vjp_oracle(xs):
    return _soft_clip.fun(float(xs[0])) * float(xs[1])


PROGRAMS: dict[str, tuple[Callable, Callable]] = {
    name: (globals()[f"{name}_program"], globals()[f"{name}_oracle"])
    for name in ("scan", "fori", "while", "cond", "switch", "map", "vmap", "inner_jit", "checkpoint", "tree_map",
                 "custom_jvp", "custom_vjp")}
INPUTS = [np.array(v, np.float32) for v in (
    [1.5, -2.0, 3.0, 0.25], [-0.5, 4.0, -7.0, 2.0], [0.0, 0.5, -0.5, 9.0], [3.0, -3.5, 1.0, -1.0])]


def _agrees(got: Any, want: float) -> None:
    np.testing.assert_allclose(np.asarray(got, np.float64), want, rtol=2e-6, atol=1e-6)


@pytest.mark.parametrize("name", PROGRAMS)
@pytest.mark.parametrize("path", ["jit", "function"])
def test_functions_handed_to_jax_run_converted(name: str, path: str) -> None:
    program, oracle = PROGRAMS[name]
    run = jax.jit(autograph.to_graph(program)) if path == "jit" else autograph.function(program, backend="jax")
    for xs in INPUTS:
        _agrees(run(jnp.asarray(xs)), oracle(xs))


@pytest.mark.parametrize("name", ["scan", "cond", "switch", "map", "vmap", "tree_map", "custom_jvp", "custom_vjp"])
def test_their_gradients_are_the_originals_made_differentiable(name: str) -> None:
    # The gradient of the converted program against a finite difference of the oracle, away from the kinks. (fori's
    # and while's functions hold a `while` on a tracer: a lax.while_loop, which jax.grad refuses, saying so.)
    program, oracle = PROGRAMS[name]
    grad = jax.grad(lambda xs: autograph.to_graph(program)(xs))
    xs = np.array([1.3, -2.1, 3.7, 0.6], np.float64)
    with jax.enable_x64(True):
        got = np.asarray(grad(jnp.asarray(xs)))
    step = 1e-6
    for i in range(len(xs)):
        up, down = xs.copy(), xs.copy()
        up[i] += step
        down[i] -= step
        want = (oracle(up) - oracle(down)) / (2 * step)
        if name == "custom_jvp" and i == 0:
            want = 10 * 0.5 ** 4  # the rule's own derivative (the primal halves 4 times at 13)
        elif name == "custom_vjp" and i == 0:
            want = xs[1] if xs[0] <= 1.0 else 0.1 * xs[1]  # the rule's cotangent, not the primal's slope
        np.testing.assert_allclose(got[i], want, rtol=1e-4, atol=1e-6, err_msg=f"{name}: d/dx[{i}]")


@pytest.mark.parametrize("name", PROGRAMS)
def test_called_as_written_they_do_what_the_original_does(name: str) -> None:
    # Outside a trace the converted function runs as written: JAX traces the function it is handed unconverted, and
    # its `if` / `while` on a tracer fails exactly as the original's does (lax.scan, lax.cond, jax.vmap...); what JAX
    # runs eagerly on concrete values (a custom_jvp's function, jax.grad's forward pass) gives the original's value.
    program, _ = PROGRAMS[name]
    xs = jnp.asarray(INPUTS[0])
    outcomes = []
    for run in (program, autograph.to_graph(program)):
        try:
            outcomes.append(("value", float(run(xs))))
        except jax.errors.TracerBoolConversionError as error:
            outcomes.append(("error", re.sub(r"object id \d+", "object id N", str(error))))
    assert outcomes[1] == outcomes[0]


def test_the_converted_code_routes_them_through_ag_call() -> None:
    code = autograph.to_code(scan_program) + autograph.to_code(switch_program) + autograph.to_code(while_program)
    assert "lax.scan(ag__.call(_clipped_step), 0.0, xs)" in code
    assert "[ag__.call(_positive_branch), ag__.call(_negative_branch), ag__.call(_square_branch)]" in code
    assert "lax.while_loop(ag__.call(_not_done), ag__.call(_grow), (xs[0], 0))" in code


def test_a_custom_jvp_copy_is_made_once_and_again_after_a_new_rule() -> None:
    from runtime import call

    @jax.custom_jvp
    def f(x):
        return x if x > 0 else -x

    f.defjvp(lambda p, t: (f(*p), t[0]))
    first = call(f)
    assert first is not f and call(f) is first
    assert first.nondiff_argnums == f.nondiff_argnums and first.__name__ == "f"
    f.defjvp(lambda p, t: (f(*p), 2 * t[0]))
    assert call(f) is not first
    assert float(jax.jit(autograph.to_graph(lambda x: f(x)))(jnp.float32(-3.0))) == 3.0


def test_a_custom_jvp_of_library_functions_is_called_as_it_is() -> None:
    from runtime import call

    assert call(jax.nn.relu) is jax.nn.relu  # (a custom_jvp of JAX's own code)
