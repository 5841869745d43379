"""A longer JAX tour than `make demo` (not run by it): one tutorial program in every mode, results
against eager NumPy, timings. Run it with `python examples/demo_jax.py`.

    autograph.function(f)                   our graph, run by the NumPy interpreter
    autograph.function(f, executor="jax")   our graph, lowered to JAX and jitted by XLA
    autograph.function(f_jnp, backend="jax")  the converted jnp version under jax.jit (lax.cond / while_loop)
"""

from __future__ import annotations

import timeit

import numpy as np

import autograph


def _per_call_us(fn, *args, number: int = 200) -> float:
    fn(*args)  # warm up: trace and compile
    return min(timeit.repeat(lambda: fn(*args), number=number, repeat=3)) / number * 1e6


def my_function(x):
    if np.sum(x) > 0:
        return x * x
    else:
        return -x // 2


def halve(x):
    while np.sum(x) > 1:
        x = x / 2
    return x


def _jnp_versions():
    import jax.numpy as jnp

    def my_function_jnp(x):
        if jnp.sum(x) > 0:
            return x * x
        else:
            return -x // 2

    def halve_jnp(x):
        while jnp.sum(x) > 1:
            x = x / 2
        return x

    return my_function_jnp, halve_jnp


def _lax_versions():
    import jax
    import jax.numpy as jnp
    from jax import lax

    def my_function_lax(x):
        return lax.cond(jnp.sum(x) > 0, lambda x: x * x, lambda x: -x // 2, x)

    def halve_lax(x):
        return lax.while_loop(lambda x: jnp.sum(x) > 1, lambda x: x / 2, x)

    def jitted(fn):
        compiled = jax.jit(fn)

        def run(x):
            with jax.enable_x64(True):  # float64, as the other modes
                return np.asarray(compiled(x))
        return run

    return jitted(my_function_lax), jitted(halve_lax)


def show_jax() -> None:
    print("\n" + "=" * 78 + "\n5. The same programs on JAX: our graph lowered to XLA, and jnp code under jax.jit\n"
          + "=" * 78)
    try:
        jnp_versions, lax_versions = _jnp_versions(), _lax_versions()
    except ImportError:
        print("JAX is not installed: skipped")
        return
    programs = [
        ("my_function", my_function, [np.array([1.0, -2.0, 4.0]), np.array([-3.0, 1.0, -1.0])]),
        ("halve", halve, [np.linspace(0, 1, 1000)]),
    ]
    for (name, fn, inputs), fn_jnp, fn_lax in zip(programs, jnp_versions, lax_versions):
        modes = {
            "graph, NumPy interpreter": autograph.function(fn),
            'graph, executor="jax"': autograph.function(fn, executor="jax"),
            'jnp, backend="jax"': autograph.function(fn_jnp, backend="jax"),
            "hand-written lax, jax.jit": fn_lax,
        }
        print(f"\n--- {name} ---")
        for x in inputs:
            expected = fn(x)
            shown = np.array2string(np.asarray(expected), threshold=6, precision=4)
            print(f"{name}({np.array2string(x, threshold=6, precision=3)}): eager NumPy gives {shown}")
            for mode, staged in modes.items():
                verdict = "agrees" if np.allclose(staged(x), expected) else "DIFFERS"
                print(f"  {mode:28s} {verdict}")
                if verdict != "agrees":
                    raise SystemExit(1)
        x = inputs[0]
        print(f"  per call on {x.shape}: eager NumPy {_per_call_us(fn, x):7.1f} us")
        for mode, staged in modes.items():
            print(f"  {'':13s}{mode:28s} {_per_call_us(staged, x):7.1f} us")
    lowered = autograph.function(halve, executor="jax")
    print("\nThe graph that executor='jax' lowers (one while_loop node becomes one lax.while_loop):")
    print(lowered.get_concrete_function(np.linspace(0, 1, 1000)).graph)


if __name__ == "__main__":
    show_jax()
