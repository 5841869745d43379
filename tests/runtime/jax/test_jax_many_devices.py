"""Converted functions on 8 (forced host) devices: jax.jit over NamedSharding inputs, shard_map,
vmap and grad, and autograph.function(backend="jax") keeping the input sharding on its outputs.

XLA reads ``--xla_force_host_platform_device_count`` once, when JAX starts, so the checks run in a
subprocess: the other tests keep their one device.
"""

from __future__ import annotations

import os
import pathlib
import subprocess
import sys
import textwrap

ROOT = pathlib.Path(__file__).resolve().parents[3]

SCRIPT = textwrap.dedent('''
    import jax, jax.numpy as jnp, numpy as np
    from jax.sharding import Mesh, NamedSharding, PartitionSpec as P
    import autograph

    assert jax.device_count() == 8, jax.devices()
    mesh = Mesh(np.array(jax.devices()).reshape(4, 2), ("data", "model"))

    def step(w, x):
        # A static range loop (a scan), a traced while, and an if: per example.
        for _ in range(5):
            w = w - 0.1 * jnp.tanh(x @ w)
        n = 0
        while jnp.sum(w * w) > 1.0:
            w = w * 0.5
            n = n + 1
        if jnp.sum(w) > 0:
            w = w + 1.0
        return w, n

    def smooth(w, x):
        # Differentiable in reverse mode: a static range (a scan) and ifs, no traced while.
        for i in range(5):
            w = w - 0.1 * jnp.tanh(x @ w)
            if jnp.sum(w) > 1.0:
                break
        if jnp.sum(w) > 0:
            w = w * 2.0
        return jnp.sum(w * w)

    converted = autograph.to_graph(step)
    w = jnp.linspace(-1.0, 1.0, 16).reshape(4, 4)
    xs = jnp.linspace(0.0, 2.0, 8 * 4 * 4).reshape(8, 4, 4)
    expected = [step(w, x) for x in xs]  # eager, one device

    # jit over inputs sharded along the batch axis on a (4, 2) mesh.
    sharded = jax.device_put(xs, NamedSharding(mesh, P("data")))
    out_w, out_n = jax.jit(jax.vmap(converted, in_axes=(None, 0)))(w, sharded)
    np.testing.assert_allclose(out_w, np.stack([e[0] for e in expected]), rtol=1e-5)
    np.testing.assert_array_equal(out_n, [e[1] for e in expected])

    # shard_map: each of the 8 devices runs the converted function on its slice.
    from jax import shard_map
    flat = Mesh(np.array(jax.devices()), ("d",))
    per_device = shard_map(lambda x: jax.vmap(converted, in_axes=(None, 0))(w, x)[0],
                           mesh=flat, in_specs=P("d"), out_specs=P("d"))
    np.testing.assert_allclose(jax.jit(per_device)(xs), out_w, rtol=1e-5)

    # grad on each device's slice.
    converted_smooth = autograph.to_graph(smooth)

    def local_loss(w, x):
        return jnp.sum(jax.vmap(lambda x: converted_smooth(w, x))(x))
    # w is replicated (P()), so JAX sums its per-device gradients across "d" itself.
    dw = jax.jit(shard_map(lambda w, x: jax.grad(local_loss)(w, x), mesh=flat,
                           in_specs=(P(), P("d")), out_specs=P()))(w, xs)
    want = sum(jax.grad(smooth)(w, x) for x in xs)  # the plain function, eagerly, per example
    np.testing.assert_allclose(dw, want, rtol=1e-4)

    # backend="jax" keeps the input sharding on its outputs, and returns JAX arrays.
    fn = autograph.function(lambda x: jnp.where(x > 1.0, x * 2, x) + 1, backend="jax")
    y = fn(sharded)
    assert isinstance(y, jax.Array) and y.sharding.is_equivalent_to(sharded.sharding, y.ndim), y.sharding
    np.testing.assert_allclose(y, np.where(xs > 1.0, xs * 2, xs) + 1)
    print("ok")
''')


def test_converted_functions_on_eight_devices(tmp_path):
    script = tmp_path / "eight_devices.py"  # a file: autograph converts from source
    script.write_text(SCRIPT)
    env = dict(os.environ, XLA_FLAGS="--xla_force_host_platform_device_count=8", JAX_PLATFORMS="cpu",
               PYTHONPATH=str(ROOT))
    result = subprocess.run([sys.executable, str(script)], cwd=ROOT, env=env, capture_output=True, text=True,
                            timeout=600)
    assert result.returncode == 0 and result.stdout.strip().endswith("ok"), result.stderr[-4000:]
