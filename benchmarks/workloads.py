"""The programs the graph and JAX sections time, each as plain NumPy, as JAX NumPy, and as hand-written lax.

The NumPy and ``jnp`` versions are ordinary Python: the converter stages them. The ``lax``
versions are what a JAX user writes by hand: the peer. Functions live at module level so
the converter can read their source.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Optional

import numpy as np

try:
    import jax
    import jax.numpy as jnp
    from jax import lax
except ImportError:  # the JAX section then says so
    jax = jnp = lax = None


# --- a staged if and a staged while: the staging-time figure --------------------------------------

def if_and_while(x):
    if np.sum(x) > 0:
        y = x * 2
    else:
        y = -x
    while np.sum(y) > 1:
        y = y / 2
    return y


def if_and_while_jnp(x):
    if jnp.sum(x) > 0:
        y = x * 2
    else:
        y = -x
    while jnp.sum(y) > 1:
        y = y / 2
    return y


def if_and_while_lax(x):
    y = lax.cond(jnp.sum(x) > 0, lambda x: x * 2, lambda x: -x, x)
    return lax.while_loop(lambda y: jnp.sum(y) > 1, lambda y: y / 2, y)


# --- power(x, 100): 100 chained 10x10 int32 matmuls, a Python loop ----------------------------------

def power(x, y):
    result = np.eye(10, dtype=np.int32)
    for _ in range(y):
        result = np.matmul(x, result)
    return result


def power_jnp(x, y):
    result = jnp.eye(10, dtype=jnp.int32)
    for _ in range(y):
        result = jnp.matmul(x, result)
    return result


def power_lax(x, y):
    return lax.fori_loop(0, y, lambda _, result: jnp.matmul(x, result), jnp.eye(10, dtype=jnp.int32))


# --- linear regression: 1001 gradient steps, the whole loop in one function ---------------------------

def train(x, y, n):
    w = np.zeros(5)
    for _ in range(n):
        error = x @ w - y
        w = w - 0.1 * x.T @ error / len(y)
    return w


def train_jnp(x, y, n):
    w = jnp.zeros(5)
    for _ in range(n):
        error = x @ w - y
        w = w - 0.1 * x.T @ error / len(y)
    return w


def train_lax(x, y, n):
    def step(_, w):
        error = x @ w - y
        return w - 0.1 * x.T @ error / y.shape[0]
    return lax.fori_loop(0, n, step, jnp.zeros(5))


# --- while np.sum(x) > 1: x = x / 2, on 1000 floats -------------------------------------------------

def halve(x):
    while np.sum(x) > 1:
        x = x / 2
    return x


def halve_jnp(x):
    while jnp.sum(x) > 1:
        x = x / 2
    return x


def halve_lax(x):
    return lax.while_loop(lambda x: jnp.sum(x) > 1, lambda x: x / 2, x)

# --- many small layers: the intro-to-graphs tutorial's model, a class whose call method is a Function --

LAYER_COUNT, LAYER_UNITS = 100, 64


class SequentialModel:
    """Flatten (20, 28, 28) inputs, 100 dense layers of 64 units with relu, then 10 outputs (the
    tutorial's dropout is the identity at inference). ``call`` is plain NumPy; the graph section
    wraps it with ``autograph.function`` in the class body, as the tutorial wraps ``call`` in
    ``tf.function``; the weights are the instance's attributes, constants of the graph."""

    def __init__(self, xp: Any = np, seed: int = 0) -> None:
        rng = np.random.default_rng(seed)
        sizes = [28 * 28] + [LAYER_UNITS] * LAYER_COUNT
        scale = np.float32(1.0 / np.sqrt(LAYER_UNITS))
        self.my_layers = [(xp.asarray(rng.normal(size=(n_in, n_out)).astype(np.float32) * scale),
                           xp.asarray(np.zeros(n_out, np.float32)))
                          for n_in, n_out in zip(sizes, sizes[1:])]
        self.dense_2 = (xp.asarray(rng.normal(size=(LAYER_UNITS, 10)).astype(np.float32) * scale),
                        xp.asarray(np.zeros(10, np.float32)))

    def call(self, x):
        x = x.reshape(x.shape[0], -1)
        for w, b in self.my_layers:
            x = np.maximum(x @ w + b, 0)
        w, b = self.dense_2
        return x @ w + b

    def call_jnp(self, x):
        x = x.reshape(x.shape[0], -1)
        for w, b in self.my_layers:
            x = jnp.maximum(x @ w + b, 0)
        w, b = self.dense_2
        return x @ w + b

    def call_lax(self, x):
        # What a JAX user writes: the same layers, the 99 square ones stacked and scanned.
        w0, b0 = self.my_layers[0]
        ws = jnp.stack([w for w, _ in self.my_layers[1:]])
        bs = jnp.stack([b for _, b in self.my_layers[1:]])
        x = jnp.maximum(x.reshape(x.shape[0], -1) @ w0 + b0, 0)
        x = lax.fori_loop(0, ws.shape[0], lambda i, x: jnp.maximum(x @ ws[i] + bs[i], 0), x)
        w, b = self.dense_2
        return x @ w + b


MODEL = SequentialModel()


def layers(x):
    return MODEL.call(x)


def layers_jnp(x):
    return MODEL.call_jnp(x)


def layers_lax(x):
    return MODEL.call_lax(x)


# --- the registry ----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Workload:
    """A program in its three spellings, its NumPy arguments, and which arguments are static (Python)."""

    name: str
    numpy_fn: Callable
    jnp_fn: Callable
    lax_fn: Callable
    make_args: Callable[[], tuple]
    static: tuple[int, ...] = ()

    def jax_args(self) -> tuple:
        """The arguments as JAX arrays (JAX's default dtypes), static ones as they are."""
        return tuple(a if i in self.static else jnp.asarray(a) for i, a in enumerate(self.make_args()))


def _power_args() -> tuple:
    return np.random.default_rng(0).integers(-1, 2, (10, 10)).astype(np.int32), 100


def _train_args() -> tuple:
    x = np.random.default_rng(42).normal(size=(32, 5))
    return x, x @ np.arange(5.0), np.int64(1001)  # an array bound: the loop is staged, not unrolled


def _halve_args() -> tuple:
    return (np.linspace(0.0, 1.0, 1000),)


def _layers_args() -> tuple:
    return (np.random.default_rng(1).uniform(size=(20, 28, 28)).astype(np.float32),)


WORKLOADS = [
    Workload("power(x, 100)", power, power_jnp, power_lax, _power_args, static=(1,)),
    Workload("linear regression", train, train_jnp, train_lax, _train_args),
    Workload("while sum(x) > 1", halve, halve_jnp, halve_lax, _halve_args),
    Workload("100 small layers", layers, layers_jnp, layers_lax, _layers_args),
]

STAGING = Workload("if + while", if_and_while, if_and_while_jnp, if_and_while_lax, _halve_args)


def block(value: Any) -> Any:
    """Wait for every JAX array in ``value`` (a result tree)."""
    for leaf in jax.tree_util.tree_leaves(value):
        ready: Optional[Callable] = getattr(leaf, "block_until_ready", None)
        if ready is not None:
            ready()
    return value
