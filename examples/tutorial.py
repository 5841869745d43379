"""The functions of the tutorials this project follows (TF's AutoGraph and tf.function guides),
written with plain Python and NumPy."""

import numpy as np


def f(a, b, power=2, d=3):
    if a > b:
        return (a - b) ** power + d
    return (b - a) ** power - d


def square(x):
    return x * x


def cube(x):
    result = 1
    for _ in range(3):
        result = result * x
    return result


def g(x):
    if np.any(x < 0):
        return square(x)
    return x


def simple_relu(x):
    if x > 0:
        return x
    else:
        return 0


def my_function(x):
    if np.sum(x) > 0:
        return x * x
    else:
        return -x // 2


def sum_even(items):
    total = 0
    for item in items:
        if item % 2 > 0:
            continue
        total += item
    return total


def collatz_steps(n):
    steps = 0
    while n != 1:
        if n % 2 == 0:
            n = n // 2
        else:
            n = 3 * n + 1
        steps += 1
    return steps


def first_negative(xs):
    for i, x in enumerate(xs):
        if x < 0:
            return i
    else:
        return -1


EXAMPLES = [
    (f, [(5, 2), (2, 5, 3, 1)]),
    (cube, [(np.array([1.0, 2.0]),)]),
    (g, [(np.array([1, -2]),), (np.array([1, 2]),)]),
    (simple_relu, [(3,), (-3,)]),
    (my_function, [(np.array([1, 2]),), (np.array([-4, 1]),)]),
    (sum_even, [([1, 2, 3, 4, 6],)]),
    (collatz_steps, [(27,)]),
    (first_negative, [([3, 1, -2, 5],), ([1, 2],)]),
]
