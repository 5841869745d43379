"""``jax.grad`` through a loop staged as ``lax.while_loop``: the error names the user's loop by
file:line and says what to write instead (``runtime/jax/grad_errors.py``); JAX's own error stays
in the chain. Forward mode and bounded loops are untouched."""

from __future__ import annotations

import inspect

import jax
import jax.numpy as jnp
import numpy as np
import pytest
from jax import lax

import autograph
from runtime.jax.grad_errors import WhileLoopGradError
from runtime.staging import StagingError

JAX_SAYS = "Reverse-mode differentiation does not work for lax.while_loop"


def newton_sqrt(a):
    x = a
    x_prev = a + 1.0
    while jnp.abs(x_prev - x) > 1e-6:
        x_prev, x = x, 0.5 * (x + a / x)
    return x


def bounded_newton_sqrt(a):
    x = a
    for _ in range(50):
        new = 0.5 * (x + a / x)
        if jnp.abs(new - x) < 1e-6:
            x = new
            break
        x = new
    return x


def weighted_sum(x, n):
    s = 0.0
    for i in range(n):
        s = s + x * i
    return s


def scanned(xs):
    def step(total, x):
        return total + newton_sqrt(x), None
    return lax.scan(step, 0.0, xs)[0]


def line_of(fn, text):
    """``file:line`` of the first line of ``fn`` that contains ``text``."""
    lines, first = inspect.getsourcelines(fn)
    offset = next(k for k, line in enumerate(lines) if text in line)
    return f"{inspect.getsourcefile(fn)}:{first + offset}"


def chain(error):
    while error is not None:
        yield error
        error = error.__cause__


def check(error_info, where, advice):
    error = error_info.value
    message = str(error)
    assert message.startswith(f"{where}: jax.grad (reverse mode) cannot differentiate this ")
    assert advice in message
    assert f"(JAX: ValueError: {JAX_SAYS}" in message
    assert isinstance(error, StagingError) and isinstance(error, ValueError)
    # JAX's own error is in the chain (JAX puts its JaxStackTraceBeforeTransformation in between).
    assert any(type(e) is ValueError and JAX_SAYS in str(e) for e in chain(error.__cause__))


WHILE_ADVICE = "write `for i in range(max_iter): ... if done: break` (max_iter a Python int)"

TRANSFORMS = {
    "jit(grad)": lambda f: jax.jit(jax.grad(f))(2.0),
    "grad(jit)": lambda f: jax.grad(jax.jit(f))(2.0),
    "jit(vjp)": lambda f: jax.jit(lambda a: jax.vjp(f, a)[1](1.0))(2.0),
    "jit(value_and_grad)": lambda f: jax.jit(jax.value_and_grad(lambda a: jnp.sin(f(a))))(2.0),
    "jit(grad(grad))": lambda f: jax.jit(jax.grad(jax.grad(f)))(2.0),
}


@pytest.mark.parametrize("transform", TRANSFORMS.values(), ids=TRANSFORMS)
def test_reverse_mode_through_a_while_loop_names_it(transform):
    with pytest.raises(WhileLoopGradError) as error:
        transform(autograph.to_graph(newton_sqrt))
    check(error, line_of(newton_sqrt, "while "), WHILE_ADVICE)


def test_a_for_loop_over_a_traced_range_names_the_for_statement():
    with pytest.raises(WhileLoopGradError) as error:
        jax.jit(jax.grad(autograph.to_graph(weighted_sum)))(2.0, 5)
    check(error, line_of(weighted_sum, "for i in range(n)"),
          "Give range() a Python int bound and guard the body, and it becomes a scan that jax.grad goes "
          "through: write `for i in range(max_n): if i < n: ...`")


def test_the_loop_is_named_inside_a_hand_written_scan():
    with pytest.raises(WhileLoopGradError) as error:
        jax.jit(jax.grad(autograph.to_graph(scanned)))(jnp.array([2.0, 3.0]))
    check(error, line_of(newton_sqrt, "while "), WHILE_ADVICE)


def test_the_loop_is_named_inside_a_hand_written_cond():
    converted = autograph.to_graph(newton_sqrt)

    def f(a):
        return lax.cond(a > 0, converted, lambda a: a, a)

    with pytest.raises(WhileLoopGradError) as error:
        jax.jit(jax.grad(f))(2.0)
    check(error, line_of(newton_sqrt, "while "), WHILE_ADVICE)


def test_a_while_loop_written_with_lax_keeps_jaxs_error():
    def f(x):
        return lax.while_loop(lambda c: c < 10.0, lambda c: c * 2.0, x)

    with pytest.raises(ValueError, match=JAX_SAYS) as error:
        jax.jit(jax.grad(f))(1.0)
    assert not isinstance(error.value, WhileLoopGradError)


def test_our_loop_inside_a_hand_written_while_loop_keeps_jaxs_error():
    """JAX fails on the outer loop, which is the user's lax.while_loop: naming ours would be wrong."""
    converted = autograph.to_graph(newton_sqrt)

    def f(x):
        return lax.while_loop(lambda c: c < 10.0, lambda c: c * converted(c), x)

    with pytest.raises(ValueError, match=JAX_SAYS) as error:
        jax.jit(jax.grad(f))(1.5)
    assert not isinstance(error.value, WhileLoopGradError)


def test_forward_mode_and_the_bounded_form_still_differentiate():
    converted = autograph.to_graph(newton_sqrt)
    value, tangent = jax.jit(lambda a: jax.jvp(converted, (a,), (1.0,)))(2.0)
    np.testing.assert_allclose([value, tangent], [np.sqrt(2.0), 0.5 / np.sqrt(2.0)], rtol=1e-5)
    # What the message says to write: a bounded loop with a break, a scan that jax.grad goes through.
    grad = jax.jit(jax.grad(autograph.to_graph(bounded_newton_sqrt)))(2.0)
    np.testing.assert_allclose(grad, 0.5 / np.sqrt(2.0), rtol=1e-4)
