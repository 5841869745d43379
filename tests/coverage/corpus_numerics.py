"""Numerical methods and maths from TheAlgorithms/Python (MIT) and rougier/from-python-to-numpy (BSD).

ODE steppers, root finding, quadrature, distances. TheAlgorithms/Python at
f5988cc09713315817df6a7e327e258013a94440; from-python-to-numpy at
8a5f0d9973fe7513ef8463291ec71bf0f2453688. Each case names its file and function. Docstrings
dropped; the code is as in the source.
"""

# ruff: noqa: E501, N802, N803, N806, UP006, UP007
from __future__ import annotations

import math
import typing
from collections.abc import Callable, Iterable
from math import exp, sqrt

import numpy as np
from numpy import pi

from tests.coverage.cases import P2N, TA, case

Vector = typing.Union[Iterable[float], Iterable[int], np.ndarray]
VectorOut = typing.Union[np.float64, int, float]


# maths/euler_method.py
def explicit_euler(
    ode_func: Callable, y0: float, x0: float, step_size: float, x_end: float
) -> np.ndarray:
    n = int(np.ceil((x_end - x0) / step_size))
    y = np.zeros((n + 1,))
    y[0] = y0
    x = x0

    for k in range(n):
        y[k + 1] = y[k] + step_size * ode_func(x, y[k])
        x += step_size

    return y


# maths/euler_modified.py
def euler_modified(
    ode_func: Callable, y0: float, x0: float, step_size: float, x_end: float
) -> np.ndarray:
    n = int(np.ceil((x_end - x0) / step_size))
    y = np.zeros((n + 1,))
    y[0] = y0
    x = x0

    for k in range(n):
        y_get = y[k] + step_size * ode_func(x, y[k])
        y[k + 1] = y[k] + (
            (step_size / 2) * (ode_func(x, y[k]) + ode_func(x + step_size, y_get))
        )
        x += step_size

    return y


# maths/numerical_analysis/runge_kutta.py
def runge_kutta(f, y0, x0, h, x_end):
    n = int(np.ceil((x_end - x0) / h))
    y = np.zeros((n + 1,))
    y[0] = y0
    x = x0

    for k in range(n):
        k1 = f(x, y[k])
        k2 = f(x + 0.5 * h, y[k] + 0.5 * h * k1)
        k3 = f(x + 0.5 * h, y[k] + 0.5 * h * k2)
        k4 = f(x + h, y[k] + h * k3)
        y[k + 1] = y[k] + (1 / 6) * h * (k1 + 2 * k2 + 2 * k3 + k4)
        x += h

    return y


# maths/numerical_analysis/runge_kutta_gills.py
def runge_kutta_gills(
    func: Callable[[float, float], float],
    x_initial: float,
    y_initial: float,
    step_size: float,
    x_final: float,
) -> np.ndarray:
    if x_initial >= x_final:
        raise ValueError(
            "The final value of x must be greater than initial value of x."
        )

    if step_size <= 0:
        raise ValueError("Step size must be positive.")

    n = int((x_final - x_initial) / step_size)
    y = np.zeros(n + 1)
    y[0] = y_initial
    for i in range(n):
        k1 = step_size * func(x_initial, y[i])
        k2 = step_size * func(x_initial + step_size / 2, y[i] + k1 / 2)
        k3 = step_size * func(
            x_initial + step_size / 2,
            y[i] + (-0.5 + 1 / sqrt(2)) * k1 + (1 - 1 / sqrt(2)) * k2,
        )
        k4 = step_size * func(
            x_initial + step_size, y[i] - (1 / sqrt(2)) * k2 + (1 + 1 / sqrt(2)) * k3
        )

        y[i + 1] = y[i] + (k1 + (2 - sqrt(2)) * k2 + (2 + sqrt(2)) * k3 + k4) / 6
        x_initial += step_size
    return y


# maths/numerical_analysis/bisection.py
def bisection(function: Callable[[float], float], a: float, b: float) -> float:
    start: float = a
    end: float = b
    if function(a) == 0:  # one of the a or b is a root for the function
        return a
    elif function(b) == 0:
        return b
    elif (
        function(a) * function(b) > 0
    ):  # if none of these are root and they are both positive or negative,
        # then this algorithm can't find the root
        raise ValueError("could not find root in given interval.")
    else:
        mid: float = start + (end - start) / 2.0
        while abs(start - mid) > 10**-7:  # until precisely equals to 10^-7
            if function(mid) == 0:
                return mid
            elif function(mid) * function(start) < 0:
                end = mid
            else:
                start = mid
            mid = start + (end - start) / 2.0
        return mid


def f(x: float) -> float:  # maths/numerical_analysis/bisection.py
    return x**3 - 2 * x - 5


# maths/numerical_analysis/newton_raphson.py
RealFunc = Callable[[float], float]


def calc_derivative(f: RealFunc, x: float, delta_x: float = 1e-3) -> float:
    return (f(x + delta_x / 2) - f(x - delta_x / 2)) / delta_x


def newton_raphson(
    f: RealFunc,
    x0: float = 0,
    max_iter: int = 100,
    step: float = 1e-6,
    max_error: float = 1e-6,
    log_steps: bool = False,
) -> tuple[float, float, list[float]]:

    def f_derivative(x: float) -> float:
        return calc_derivative(f, x, step)

    a = x0  # Set initial guess
    steps = []
    for _ in range(max_iter):
        if log_steps:  # Log intermediate steps
            steps.append(a)

        error = abs(f(a))
        if error < max_error:
            return a, error, steps

        if f_derivative(a) == 0:
            raise ZeroDivisionError("No converging solution found, zero derivative")
        a -= f(a) / f_derivative(a)  # Calculate next estimate
    raise ArithmeticError("No converging solution found, iteration limit reached")


# maths/numerical_analysis/secant_method.py
def secant_f(x: float) -> float:
    return 8 * x - 2 * exp(-x)


def secant_method(lower_bound: float, upper_bound: float, repeats: int) -> float:
    x0 = lower_bound
    x1 = upper_bound
    for _ in range(repeats):
        x0, x1 = x1, x1 - (secant_f(x1) * (x1 - x0)) / (secant_f(x1) - secant_f(x0))
    return x1


# maths/numerical_analysis/numerical_integration.py
def trapezoidal_area(
    fnc: Callable[[float], float],
    x_start: float,
    x_end: float,
    steps: int = 100,
) -> float:
    x1 = x_start
    fx1 = fnc(x_start)
    area = 0.0

    for _ in range(steps):
        # Approximates small segments of curve as linear and solve
        # for trapezoidal area
        x2 = (x_end - x_start) / steps + x1
        fx2 = fnc(x2)
        area += abs(fx2 + fx1) * (x2 - x1) / 2

        # Increment step
        x1 = x2
        fx1 = fx2
    return area


# maths/numerical_analysis/square_root.py
def fx(x: float, a: float) -> float:
    return math.pow(x, 2) - a


def fx_derivative(x: float) -> float:
    return 2 * x


def get_initial_point(a: float) -> float:
    start = 2.0

    while start <= a:
        start = math.pow(start, 2)

    return start


def square_root_iterative(
    a: float, max_iter: int = 9999, tolerance: float = 1e-14
) -> float:
    if a < 0:
        raise ValueError("math domain error")

    value = get_initial_point(a)

    for _ in range(max_iter):
        prev_value = value
        value = value - fx(value, a) / fx_derivative(value)
        if abs(prev_value - value) < tolerance:
            return value

    return value


# maths/gaussian.py
def gaussian(x, mu: float = 0.0, sigma: float = 1.0) -> float:
    return 1 / sqrt(2 * pi * sigma**2) * np.exp(-((x - mu) ** 2) / (2 * sigma**2))


# maths/euclidean_distance.py
def euclidean_distance(vector_1: Vector, vector_2: Vector) -> VectorOut:
    return np.sqrt(np.sum((np.asarray(vector_1) - np.asarray(vector_2)) ** 2))


# maths/minkowski_distance.py
def minkowski_distance(
    point_a: list[float],
    point_b: list[float],
    order: int,
) -> float:
    if order < 1:
        raise ValueError("The order must be greater than or equal to 1.")

    if len(point_a) != len(point_b):
        raise ValueError("Both points must have the same dimension.")

    return sum(abs(a - b) ** order for a, b in zip(point_a, point_b)) ** (1 / order)


# maths/softmax.py
def softmax(vector):
    # Calculate e^x for each x in your vector where e is Euler's
    # number (approximately 2.718)
    exponent_vector = np.exp(vector)

    # Add up the all the exponentials
    sum_of_exponents = np.sum(exponent_vector)

    # Divide every exponent by the sum of all exponents
    softmax_vector = exponent_vector / sum_of_exponents

    return softmax_vector


# maths/tanh.py
def tangent_hyperbolic(vector: np.ndarray) -> np.ndarray:
    return (2 / (1 + np.exp(-2 * vector))) - 1


# from-python-to-numpy: code/vectorization.py
def compute_1(x, y):
    result = 0
    for i in range(len(x)):
        for j in range(len(y)):
            result += x[i] * y[j]
    return result


def compute_2(X, Y):
    return (X.reshape(len(X), 1) * Y.reshape(1, len(Y))).sum()


def compute_4(X, Y):
    return sum(X)*sum(Y)


# from-python-to-numpy: code/random_walk.py
def find_crossing_2(seq, sub):
    # See stackoverflow.com / "python-numpy-first-occurrence-of-subarray"
    target = np.dot(sub, sub)
    candidates = np.where(np.correlate(seq, sub, mode='valid') == target)[0]
    # some of the candidates entries may be false positives, double check
    check = candidates[:, np.newaxis] + np.arange(len(sub))
    mask = np.all((np.take(seq, check) == sub), axis=-1)
    return candidates[mask]


def _decay(x, y):  # the ODE of the steppers' doctests: y' = y
    return y


def _ode_case(fn, path, name, order="f_first"):
    if order == "gills":
        return case(fn, lambda rng: (_decay, 0.0, np.float64(rng.uniform(0.5, 1.5)), 0.1, 1.0), TA(path, name))
    return case(fn, lambda rng: (_decay, np.float64(rng.uniform(0.5, 1.5)), 0.0, 0.1, 1.0), TA(path, name))


_NA = "maths/numerical_analysis/"

CASES = [
    _ode_case(explicit_euler, "maths/euler_method.py", "explicit_euler"),
    _ode_case(euler_modified, "maths/euler_modified.py", "euler_modified"),
    _ode_case(runge_kutta, _NA + "runge_kutta.py", "runge_kutta"),
    _ode_case(runge_kutta_gills, _NA + "runge_kutta_gills.py", "runge_kutta_gills", "gills"),
    case(bisection, lambda rng: (f, np.float64(rng.uniform(1.0, 2.0)), np.float64(rng.uniform(3.0, 4.0))), TA(_NA + "bisection.py", "bisection")),
    case(newton_raphson, lambda rng: (f, np.float64(rng.uniform(2.0, 3.0))), TA(_NA + "newton_raphson.py", "newton_raphson", "f is bisection.py's x**3 - 2x - 5")),
    case(secant_method, lambda rng: (np.float64(rng.uniform(0.5, 1.0)), np.float64(rng.uniform(2.0, 3.0)), 6),
         TA(_NA + "secant_method.py", "secant_method", "its module-level f renamed secant_f")),
    case(trapezoidal_area, lambda rng: (f, np.float64(rng.uniform(0.0, 1.0)), np.float64(rng.uniform(2.0, 3.0)), 20),
         TA(_NA + "numerical_integration.py", "trapezoidal_area")),
    case(square_root_iterative, lambda rng: (np.float64(rng.uniform(2.0, 50.0)),), TA(_NA + "square_root.py", "square_root_iterative")),
    case(gaussian, lambda rng: (rng.normal(size=8), 0.5, 2.0), TA("maths/gaussian.py", "gaussian")),
    case(euclidean_distance, lambda rng: (rng.normal(size=5), rng.normal(size=5)), TA("maths/euclidean_distance.py", "euclidean_distance")),
    case(minkowski_distance, lambda rng: (rng.normal(size=4), rng.normal(size=4), 3), TA("maths/minkowski_distance.py", "minkowski_distance")),
    case(softmax, lambda rng: (rng.normal(size=6),), TA("maths/softmax.py", "softmax")),
    case(tangent_hyperbolic, lambda rng: (rng.normal(size=6),), TA("maths/tanh.py", "tangent_hyperbolic")),
    case(compute_1, lambda rng: (rng.normal(size=5), rng.normal(size=4)), P2N("code/vectorization.py", "compute_1")),
    case(compute_2, lambda rng: (rng.normal(size=5), rng.normal(size=4)), P2N("code/vectorization.py", "compute_2")),
    case(compute_4, lambda rng: (rng.normal(size=5), rng.normal(size=4)), P2N("code/vectorization.py", "compute_4")),
    case(find_crossing_2, lambda rng: (np.array([1, 2, 3, 1, 2, 3, 4, 1, 2]) * int(rng.integers(1, 3)), np.array([1, 2]) * 1),
         P2N("code/random_walk.py", "find_crossing_2")),
]
