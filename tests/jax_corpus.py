"""``jnp`` twins of functions in ``graph_corpus``: the same control flow, spelled with JAX NumPy.

NumPy functions do not dispatch on JAX tracers, so the graph corpus cannot run under ``jax.jit``
as it is. Each function here has the name of its ``graph_corpus`` twin and takes the same inputs;
converted and run under ``jax.jit`` (``autograph.function(f, backend="jax")``) it must give what
the twin gives eagerly. Data only.

    for fn in FUNCTIONS:
        case = graph_corpus.BY_NAME[fn.__name__]
        for args in case.inputs():
            np.testing.assert_allclose(autograph.function(fn, backend="jax")(*args), case.fn(*args))
"""

from __future__ import annotations

from typing import Callable

import graph_corpus  # tests/ is on sys.path, as for the tests that import both corpora
import jax.numpy as jnp

FUNCTIONS: list[Callable] = []


def twin(fn: Callable) -> Callable:
    FUNCTIONS.append(fn)
    return fn


# --- if ------------------------------------------------------------------------------------------

@twin
def if_else_assign(x):
    if jnp.sum(x) > 0:
        y = x * 2
    else:
        y = -x
    return y


@twin
def if_elif_else(x):
    s = jnp.sum(x)
    if s > 5:
        r = x - 5
    elif s > 0:
        r = x + 5
    else:
        r = x * 0
    return r


@twin
def early_return(x):
    if jnp.sum(x) < 0:
        return -x
    y = x * 3
    return y - 1


@twin
def several_returns(x):
    s = jnp.sum(x)
    if s > 10:
        return s * 2
    if s > 0:
        return s + 100
    return s - 100


@twin
def ifexp_tensors(x):
    return jnp.cumsum(x) if jnp.min(x) < 0 else x[::-1]


@twin
def and_or_conditions(x):
    if jnp.sum(x) > 0 and jnp.max(x) < 4:
        y = x + 1
    elif jnp.min(x) < 0 or jnp.sum(x) > 100:
        y = x - 1
    else:
        y = x
    return y


# --- while ---------------------------------------------------------------------------------------

@twin
def halve_until_small(x):
    while jnp.sum(x) > 1:
        x = x / 2
    return x


@twin
def while_break(x):
    while jnp.sum(x) < 100:
        x = x * 2 + 1
        if jnp.max(x) > 20:
            break
    return x


@twin
def while_continue(x, n):
    i = 0
    total = 0.0
    while i < n:
        i += 1
        if i % 2 == 0:
            continue
        total += jnp.sum(x) * i
    return total


@twin
def while_return(x):
    while jnp.sum(x) < 50:
        x = x + 3
        if jnp.max(x) > 8:
            return x * 0 - 1
    return x


# --- for -----------------------------------------------------------------------------------------

@twin
def for_range_tensor_n(x, n):
    acc = jnp.zeros_like(x)
    for i in range(n):
        acc = acc + x * i
    return acc


@twin
def for_over_rows(m):
    acc = jnp.zeros(m.shape[1])
    for row in m:
        acc = acc + row * row
    return acc


@twin
def for_over_rows_break(m):
    acc = jnp.zeros(m.shape[1])
    for row in m:
        if jnp.sum(row) > 3:
            break
        acc = acc + row
    return acc


@twin
def for_range_return(x, n):
    for i in range(n):
        x = x * 2
        if jnp.sum(x) > 20:
            return x - i
    return x


# --- nested, and Python loops around staged statements ------------------------------------------------


@twin
def while_in_for(x, n):
    for i in range(n):
        while jnp.sum(x) < 10 * (i + 1):
            x = x + 1
    return x


@twin
def tensor_break_in_python_range(x):
    for _ in range(6):
        x = x * 2
        if jnp.sum(x) > 10:
            break
    return x


@twin
def tensor_return_in_python_range(x):
    s = x
    for i in range(5):
        if jnp.sum(s) > 10:
            return s + i
        s = s * 2
    return s - 1


@twin
def return_from_nested_loops(m):
    for row in m:
        for v in row:
            if v > 2:
                return v * 100
    return jnp.sum(m)


@twin
def break_and_continue_nested(x, n):
    out = 0.0
    i = 0
    while i < n:
        i += 1
        if i % 3 == 0:
            continue
        for j in range(n):
            if j > i:
                break
            out = out + jnp.sum(x) * j
    return out


@twin
def power(x, y):
    result = jnp.eye(3, dtype=jnp.int32)
    for _ in range(y):
        result = result @ x
    return result


@twin
def mixed_everything(x, n):
    best = jnp.sum(x)
    for i in range(n):
        candidate = jnp.sum(x * i) if i % 2 == 0 else -jnp.sum(x)
        if candidate > best and i > 0:
            best = candidate
        elif not candidate > -100:
            best = best - 1
    return best


# Functions that call no NumPy are their own twins: the same code runs on arrays and tracers.
nested_if = twin(graph_corpus.nested_if)
while_counter = twin(graph_corpus.while_counter)
collatz_steps = twin(graph_corpus.collatz_steps)
fibonacci = twin(graph_corpus.fibonacci)
for_range_start_stop_step = twin(graph_corpus.for_range_start_stop_step)
count_positives = twin(graph_corpus.count_positives)
running_max = twin(graph_corpus.running_max)
nested_staged_loops = twin(graph_corpus.nested_staged_loops)
