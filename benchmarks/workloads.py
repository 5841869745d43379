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


WORKLOADS = [
    Workload("power(x, 100)", power, power_jnp, power_lax, _power_args, static=(1,)),
    Workload("linear regression", train, train_jnp, train_lax, _train_args),
    Workload("while sum(x) > 1", halve, halve_jnp, halve_lax, _halve_args),
]

STAGING = Workload("if + while", if_and_while, if_and_while_jnp, if_and_while_lax, _halve_args)


def block(value: Any) -> Any:
    """Wait for every JAX array in ``value`` (a result tree)."""
    for leaf in jax.tree_util.tree_leaves(value):
        ready: Optional[Callable] = getattr(leaf, "block_until_ready", None)
        if ready is not None:
            ready()
    return value
