"""Array functions whose control flow depends on array values: the differential corpus for graphs.

Each function is plain NumPy. Traced (``autograph.function``, or under another backend) it must
give what it gives eagerly, on every input listed. Data only: functions and input makers.

    for case in CASES:
        for args in case.inputs():
            np.testing.assert_allclose(graph_version(case.fn)(*args), case.fn(*args))

Tensor arguments are NumPy arrays (``np.int64`` scalars stand for tensor loop bounds); Python
ints in ``inputs`` stay Python (unrolled loops). ``tags`` say what each case exercises.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

import numpy as np


@dataclass(frozen=True)
class GraphCase:
    name: str
    fn: Callable
    inputs: Callable[[], list[tuple]]  # each tuple: the positional arguments of one call
    tags: frozenset = field(default_factory=frozenset)


CASES: list[GraphCase] = []


def case(*tags: str, inputs: Callable[[], list[tuple]]) -> Callable:
    def register(fn: Callable) -> Callable:
        CASES.append(GraphCase(fn.__name__, fn, inputs, frozenset(tags)))
        return fn
    return register


def vec(*values: float) -> np.ndarray:
    return np.array(values, dtype=np.float64)


def n(value: int) -> np.int64:
    """A loop bound that is a tensor when traced."""
    return np.int64(value)


SIGNS = lambda: [(vec(1.0, 2.0, -0.5),), (vec(-1.0, -2.0, 0.5),)]  # noqa: E731
SMALL = lambda: [(vec(0.1, 0.2, 0.3),), (vec(3.0, 4.0, 5.0),), (vec(-1.0, 0.0, 1.0),)]  # noqa: E731
WITH_N = lambda: [(vec(0.5, 1.0, 2.0), n(0)), (vec(0.5, 1.0, 2.0), n(3)), (vec(-1.0, 2.0, 1.0), n(7))]  # noqa: E731
MATRIX = lambda: [(np.arange(12.0).reshape(4, 3) - 5,), (np.ones((2, 3)),)]  # noqa: E731


# --- if ------------------------------------------------------------------------------------------

@case("if", inputs=SIGNS)
def if_else_assign(x):
    if np.sum(x) > 0:
        y = x * 2
    else:
        y = -x
    return y


@case("if", inputs=SIGNS)
def if_without_else(x):
    y = x
    if np.max(x) > 1:
        y = y * 2
    return y + 1


@case("if", "elif", inputs=SMALL)
def if_elif_else(x):
    s = np.sum(x)
    if s > 5:
        r = x - 5
    elif s > 0:
        r = x + 5
    else:
        r = x * 0
    return r


@case("if", "nested", inputs=lambda: [(vec(1, 2),), (vec(1, -2),), (vec(-1, 0.5),), (vec(-3, -4),)])
def nested_if(x):
    if x[0] > 0:
        if x[1] > 0:
            out = x[0] + x[1]
        else:
            out = x[0] - x[1]
    else:
        if x[1] > 0:
            out = x[1] * 10
        else:
            out = x[0] * x[1]
    return out


@case("if", "return", inputs=SIGNS)
def simple_relu_sum(x):
    if np.sum(x) > 0:
        return np.sum(x)
    else:
        return 0


@case("if", "return", inputs=SIGNS)
def early_return(x):
    if np.sum(x) < 0:
        return -x
    y = x * 3
    return y - 1


@case("if", "return", inputs=SMALL)
def several_returns(x):
    s = np.sum(x)
    if s > 10:
        return s * 2
    if s > 0:
        return s + 100
    return s - 100


@case("ifexp", inputs=SIGNS)
def ifexp_scalar(x):
    return x * (2.0 if np.sum(x) > 0 else 3.0)


@case("ifexp", inputs=SIGNS)
def ifexp_tensors(x):
    return np.cumsum(x) if np.min(x) < 0 else x[::-1]


@case("if", "and", "or", inputs=SMALL)
def and_or_conditions(x):
    if np.sum(x) > 0 and np.max(x) < 4:
        y = x + 1
    elif np.min(x) < 0 or np.sum(x) > 100:
        y = x - 1
    else:
        y = x
    return y


@case("if", "not", inputs=SIGNS)
def not_condition(x):
    if not np.sum(x) > 0:
        x = x * 10
    return x


@case("if", "shape", inputs=SIGNS)
def branches_with_different_shapes(x):
    if np.sum(x) > 0:
        y = x[:2]
    else:
        y = x
    return np.sum(y), np.sum(y * y)


@case("if", "python", inputs=SIGNS)
def python_values_pass_through(x):
    mode = "double"
    if np.sum(x) > 0:
        scale = 2
        mode = "double"
    else:
        scale = 3
    return x * scale if mode == "double" else x


# --- while ---------------------------------------------------------------------------------------

@case("while", inputs=lambda: [(np.linspace(0, 1, 1000),), (vec(0.25, 0.25),)])
def halve_until_small(x):
    while np.sum(x) > 1:
        x = x / 2
    return x


@case("while", "promote", inputs=WITH_N)
def while_counter(x, n):
    i = 0
    while i < n:
        x = x + 1
        i += 1
    return x, i


@case("while", "break", inputs=SMALL)
def while_break(x):
    while np.sum(x) < 100:
        x = x * 2 + 1
        if np.max(x) > 20:
            break
    return x


@case("while", "continue", inputs=WITH_N)
def while_continue(x, n):
    i = 0
    total = 0.0
    while i < n:
        i += 1
        if i % 2 == 0:
            continue
        total += np.sum(x) * i
    return total


@case("while", "return", inputs=SMALL)
def while_return(x):
    while np.sum(x) < 50:
        x = x + 3
        if np.max(x) > 8:
            return x * 0 - 1
    return x


@case("while", "promote", "and", inputs=SMALL)
def while_bounded_python_counter(x):
    count = 0
    while np.sum(x) < 100 and count < 4:
        x = x * 3
        count += 1
    return x, count


@case("while", "and", "lazy", inputs=lambda: [(vec(1, 2, 3, 4, 5),), (vec(1, 2, -3, 4, 5),), (vec(-1, 2, 3, 4, 5),)])
def lazy_and_guards_index(x):
    i = 0
    while i < 5 and x[i] > 0:
        i += 1
    return i


@case("while", "ifexp", inputs=lambda: [(np.int64(6),), (np.int64(27),), (np.int64(1),)])
def collatz_steps(m):
    steps = 0
    while m != 1:
        m = m // 2 if m % 2 == 0 else 3 * m + 1
        steps += 1
    return steps


@case("while", "tuple", inputs=lambda: [(n(0),), (n(1),), (n(10),)])
def fibonacci(k):
    a, b = 0, 1
    i = 0
    while i < k:
        a, b = b, a + b
        i += 1
    return a


@case("while", "shape", inputs=lambda: [(vec(1.0),), (vec(0.5, 0.25),)])
def growing_shape(x):
    while np.sum(x) < 10:
        x = np.concatenate([x, x])
    return np.sum(x), np.max(x)


@case("while", "structure", inputs=lambda: [(vec(0.1, 0.2, 0.3),), (vec(30.0, 1.0),)])
def while_carries_tuple(x):
    pair = (x, np.sum(x))
    while pair[1] < 30:
        pair = (pair[0] * 2, np.sum(pair[0] * 2))
    return pair


# --- for -----------------------------------------------------------------------------------------

@case("for", "range", inputs=WITH_N)
def for_range_tensor_n(x, n):
    acc = np.zeros_like(x)
    for i in range(n):
        acc = acc + x * i
    return acc


@case("for", "range", inputs=lambda: [(n(2), n(11), n(3)), (n(10), n(0), n(-2)), (n(5), n(5), n(1))])
def for_range_start_stop_step(a, b, c):
    total = 0
    for i in range(a, b, c):
        total += i * i
    return total


@case("for", "tensor", inputs=MATRIX)
def for_over_rows(m):
    acc = np.zeros(m.shape[1])
    for row in m:
        acc = acc + row * row
    return acc


@case("for", "tensor", "break", inputs=MATRIX)
def for_over_rows_break(m):
    acc = np.zeros(m.shape[1])
    for row in m:
        if np.sum(row) > 3:
            break
        acc = acc + row
    return acc


@case("for", "continue", inputs=WITH_N)
def for_range_continue(x, n):
    s = 0.0
    for i in range(n):
        if np.sum(x) * i > 4:
            continue
        s = s + np.sum(x) + i
    return s


@case("for", "return", inputs=WITH_N)
def for_range_return(x, n):
    for i in range(n):
        x = x * 2
        if np.sum(x) > 20:
            return x - i
    return x


@case("for", "tensor", "promote", inputs=SIGNS)
def count_positives(x):
    c = 0
    for v in x:
        if v > 0:
            c += 1
    return c


@case("for", "tensor", inputs=lambda: [(vec(3, 1, 4, 1, 5, 9, 2, 6),), (vec(-5, -2, -9),)])
def running_max(x):
    m = x[0]
    for v in x:
        if v > m:
            m = v
    return m


@case("for", "else", inputs=WITH_N)
def for_else(x, n):
    found = -1
    for i in range(n):
        if np.sum(x) * i > 5:
            found = i
            break
    else:
        found = 100
    return found


# --- mixing Python and staged control flow -------------------------------------------------------

@case("python-loop", "if", inputs=SMALL)
def staged_if_in_python_loop(x):
    for i in range(4):
        if np.sum(x) > i:
            x = x - 1
        else:
            x = x + 0.5
    return x


@case("python-if", "for", inputs=lambda: [(vec(1, 2), n(4), True), (vec(1, 2), n(4), False)])
def python_if_in_staged_loop(x, n, double):
    for i in range(n):
        if double:
            x = x * 2
        else:
            x = x + i
    return x


@case("nested", "for", inputs=lambda: [(n(3), n(4)), (n(0), n(2)), (n(2), n(0))])
def nested_staged_loops(a, b):
    acc = 0
    for i in range(a):
        for j in range(b):
            acc += i * j + 1
    return acc


@case("nested", "while", "for", inputs=WITH_N)
def while_in_for(x, n):
    for i in range(n):
        while np.sum(x) < 10 * (i + 1):
            x = x + 1
    return x


@case("python-loop", "break", inputs=SMALL)
def tensor_break_in_python_range(x):
    for _ in range(6):
        x = x * 2
        if np.sum(x) > 10:
            break
    return x


@case("python-loop", "return", inputs=SMALL)
def tensor_return_in_python_range(x):
    s = x
    for i in range(5):
        if np.sum(s) > 10:
            return s + i
        s = s * 2
    return s - 1


@case("python-loop", "break", "unroll", inputs=SMALL)
def tensor_break_in_python_list(x):
    total = 0.0
    for w in [1.0, 2.0, 4.0, 8.0]:
        total = total + np.sum(x) * w
        if total > 20:
            break
    return total


@case("nested", "return", inputs=MATRIX)
def return_from_nested_loops(m):
    for row in m:
        for v in row:
            if v > 2:
                return v * 100
    return np.sum(m)


@case("nested", "break", "continue", inputs=WITH_N)
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
            out = out + np.sum(x) * j
    return out


@case("python-loop", "power", inputs=lambda: [(np.arange(9, dtype=np.int32).reshape(3, 3) % 2, 5)])
def power(x, y):
    result = np.eye(3, dtype=np.int32)
    for _ in range(y):
        result = result @ x
    return result


@case("for", "if", "ifexp", inputs=WITH_N)
def mixed_everything(x, n):
    best = np.sum(x)
    for i in range(n):
        candidate = np.sum(x * i) if i % 2 == 0 else -np.sum(x)
        if candidate > best and i > 0:
            best = candidate
        elif not candidate > -100:
            best = best - 1
    return best


def _check_count() -> None:
    assert len(CASES) >= 40, len(CASES)


_check_count()
