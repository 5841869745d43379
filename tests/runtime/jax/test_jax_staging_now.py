"""The loop operators look through a plain loop's body for JAX tracers only while a JAX trace is under
way (``Backend.staging_now``): outside one no tracer is live, so the walk over the closure's cells,
which a loop over a static range or a while loop pays each time it starts, is skipped."""

import subprocess
import sys

import jax
import jax.numpy as jnp
import numpy as np

import autograph
import runtime.operators as operators
from runtime.backend import may_stage_static_ranges
from runtime.jax import JAX_BACKEND

ROOT = __file__.rsplit("/tests/", 1)[0]


def test_staging_now_follows_the_jax_trace():
    seen = {}

    def record(name):
        def inner(x):
            seen[name] = (JAX_BACKEND.staging_now(), may_stage_static_ranges())
            return x
        return inner

    record("eager")(1.0)
    jax.jit(record("jit"))(1.0)
    jax.grad(record("grad"))(1.0)
    jax.vmap(record("vmap"))(jnp.ones(3))
    with jax.disable_jit():
        jax.jit(record("disable_jit"))(1.0)
    assert seen == {"eager": (False, False), "jit": (True, True), "grad": (True, True),
                    "vmap": (True, True), "disable_jit": (False, False)}
    assert (JAX_BACKEND.staging_now(), may_stage_static_ranges()) == (False, False)


def summed(x, n):
    total = 0.0
    for i in range(n):
        total = total + x[i]
    k = 0
    while k < n:
        total = total + x[k]
        k = k + 1
    return total


def test_the_closure_walk_runs_only_under_a_trace(monkeypatch):
    walked = []
    real = operators._staged_closure

    def counting(body):
        walked.append(body)
        return real(body)

    monkeypatch.setattr(operators, "_staged_closure", counting)
    converted = autograph.convert(summed)
    x = np.arange(4.0)
    assert converted(x, 4) == summed(x, 4) == 12.0
    assert converted(jnp.asarray(x), 4) == 12.0  # concrete JAX arrays outside a trace: Python's loops
    assert walked == []
    staged = jax.jit(converted, static_argnums=1)(jnp.asarray(x), 4)
    assert float(staged) == 12.0
    assert len(walked) == 2  # the for and the while were each offered to JAX once


def test_a_jax_imported_after_the_first_loop_is_still_asked():
    # The lazily registered backend is registered by the first loop that starts after `import jax`,
    # so a loop under jax.jit in that process is still offered (one scan, no unrolled-loop warning).
    code = (
        "import warnings, autograph, runtime.backend as b\n"
        "from tests.runtime.jax.test_jax_staging_now import summed\n"
        "f = autograph.convert(summed)\n"
        "assert f([1.0, 2.0], 2) == 6.0 and b.may_stage_static_ranges() is False\n"
        "import jax, jax.numpy as jnp\n"
        "from runtime.jax import UnrolledLoopWarning\n"
        "warnings.simplefilter('error', UnrolledLoopWarning)\n"
        "assert b.may_stage_static_ranges() is False\n"
        "assert float(jax.jit(f, static_argnums=1)(jnp.arange(3.0), 3)) == 6.0\n"
        "print(jax.make_jaxpr(f, static_argnums=1)(jnp.arange(3.0), 3))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT, capture_output=True, text=True)
    assert out.stdout.count("scan[") == 1  # the for loop; the while on Python ints runs as Python
