"""PySINDy's pure-NumPy parts: the example dynamical systems of ``utils/odes.py`` (right-hand sides indexing the
state, the Burgers Galerkin model built in loops with a conservation ``assert`` over a triple loop), the proximal
operators and regularisers of ``utils/base.py`` (through a validating decorator: ``isinstance`` tests on the weight),
the constraint reordering and the capped-simplex projection (SciPy's ``bisect`` over a closure), the optimisers'
helpers (SSR's inflection point with data-dependent early returns, STLSQ's ``_remove_and_decrement`` loop with
``np.delete``, the evidence of EvidenceGreedy, TrappingSR3's constrained least squares and permutation asymmetry, the
feature normalisation), and the differentiators (``FiniteDifference`` on a uniform grid, a loop over the stencil
testing each coefficient, ``SpectralDerivative`` through the FFT) (dynamicslab/pysindy, MIT).

Copied from dynamicslab/pysindy at c4421fcec275c8f4cc5c1e93bebb961b212067ae; its licence (``LICENSE``) is the MIT
licence ("Copyright (c) for portions of project PySINDy are held by Markus Quade, 2019 ... all other copyright for
project PySINDy are held by Brian de Silva and Kathleen Champion, 2019"). ``utils/odes.py`` is copied whole; from the
other files the functions and classes named in each section. Docstrings dropped, comments kept.

Adapted, beyond that:

* the module-level imports are this module's (below): those of the source modules that the copied code reads;
* scikit-learn is not installed here: the differentiators' base class ``BaseDifferentiation`` (an sklearn
  ``BaseEstimator`` whose ``__call__``/``fit`` wrap ``_differentiate`` into ``AxesArray``) is not copied, the classes
  derive from ``object`` and the wrappers call their ``_differentiate`` as ``BaseDifferentiation`` does;
  ``FiniteDifference`` is staged with ``drop_endpoints=True`` (the boundary stencils go through pysindy's
  ``AxesArray``, an ndarray subclass that is not copied), so its ``AxesArray`` methods are copied but not called;
* wrappers give the settings (orders, axes, regularisation names, model parameters) as constants and turn the
  ``pure_terms`` dictionary of ``_pure_constraints`` into a constant.

The inputs: states of the sizes each system indexes (one state, or a trajectory with the state along axis 0) and a
traced time, coefficient matrices and weights for the proximal operators, descending positive losses for SSR,
smooth signals on uniform grids for the differentiators.
"""

# ruff: noqa: B006, E501, E731, E741, F821, UP006, UP034
from __future__ import annotations

import warnings
from functools import partial, wraps
from math import comb
from typing import Callable, List, Union
from warnings import warn

import numpy as np
from numpy.typing import NDArray
from scipy.optimize import bisect
from scipy.special import factorial

from tests.coverage.cases import PYSINDY, Source, case


def SND(path: str, original: str, note: str = "") -> Source:
    return Source(PYSINDY, "pysindy/" + path, original, note)


# --- pysindy/utils/odes.py ------------------------------------------------------------------------------------------

# Linear, damped harmonic oscillator
def linear_damped_SHO(t, x):
    return [-0.1 * x[0] + 2 * x[1], -2 * x[0] - 0.1 * x[1]]


# Cubic, damped harmonic oscillator
def cubic_damped_SHO(t, x):
    return [
        -0.1 * x[0] ** 3 + 2 * x[1] ** 3,
        -2 * x[0] ** 3 - 0.1 * x[1] ** 3,
    ]


# Linear 3D toy system
def linear_3D(t, x):
    return [-0.1 * x[0] + 2 * x[1], -2 * x[0] - 0.1 * x[1], -0.3 * x[2]]


# Van der Pol ODE
def van_der_pol(t, x, p=[0.5]):
    return [x[1], p[0] * (1 - x[0] ** 2) * x[1] - x[0]]


# Duffing ODE
def duffing(t, x, p=[0.2, 0.05, 1]):
    return [x[1], -p[0] * x[1] - p[1] * x[0] - p[2] * x[0] ** 3]


# Lotka model
def lotka(t, x, p=[1, 10]):
    return [p[0] * x[0] - p[1] * x[0] * x[1], p[1] * x[0] * x[1] - 2 * p[0] * x[1]]


# Generic cubic oscillator model
def cubic_oscillator(t, x, p=[-0.1, 2, -2, -0.1]):
    return [p[0] * x[0] ** 3 + p[1] * x[1] ** 3, p[2] * x[0] ** 3 + p[3] * x[1] ** 3]


# Rossler model
def rossler(t, x, p=[0.2, 0.2, 5.7]):
    return [-x[1] - x[2], x[0] + p[0] * x[1], p[1] + (x[0] - p[2]) * x[2]]


# Hopf bifurcation model
def hopf(t, x, mu=-0.05, omega=1, A=1):
    return [
        mu * x[0] - omega * x[1] - A * x[0] * (x[0] ** 2 + x[1] ** 2),
        omega * x[0] + mu * x[1] - A * x[1] * (x[0] ** 2 + x[1] ** 2),
    ]


# Logistic map model
def logistic_map(x, mu):
    return mu * x * (1 - x)


# Logistic map model with linear control input
def logistic_map_control(x, mu, u):
    return mu * x * (1 - x) + u


# Logistic map model with other control input
def logistic_map_multicontrol(x, mu, u):
    return mu * x * (1 - x) + u[0] * u[1]


# Lorenz model
def lorenz(t, x, sigma=10, beta=2.66667, rho=28):
    return [
        sigma * (x[1] - x[0]),
        x[0] * (rho - x[2]) - x[1],
        x[0] * x[1] - beta * x[2],
    ]


# Sample control input for Lorenz + control
def lorenz_u(t):
    return np.column_stack([np.sin(2 * t) ** 2, t**2])


# Lorenz equations with control input
def lorenz_control(t, x, u_fun, sigma=10, beta=2.66667, rho=28):
    u = u_fun(t)
    return [
        sigma * (x[1] - x[0]) + u[0, 0],
        x[0] * (rho - x[2]) - x[1],
        x[0] * x[1] - beta * x[2] - u[0, 1],
    ]


# Mean field model from Noack et al. 2003
# "A hierarchy of low-dimensional models for the transient and post-transient
# cylinder wake", B.R. Noack et al.
def meanfield(t, x, mu=0.01):
    return [
        mu * x[0] - x[1] - x[0] * x[2],
        mu * x[1] + x[0] - x[1] * x[2],
        -x[2] + x[0] ** 2 + x[1] ** 2,
    ]


# Atmospheric oscillator from Tuwankotta et al and Trapping SINDy paper
def oscillator(t, x, mu1=0.05, mu2=-0.01, omega=3.0, alpha=-2.0, beta=-5.0, sigma=1.1):
    return [
        mu1 * x[0] + sigma * x[0] * x[1],
        mu2 * x[1] + (omega + alpha * x[1] + beta * x[2]) * x[2] - sigma * x[0] ** 2,
        mu2 * x[2] - (omega + alpha * x[1] + beta * x[2]) * x[1],
    ]


# Carbone and Veltri triadic MHD model
def mhd(t, x, nu=0.0, mu=0.0, sigma=0.0):
    return [
        -2 * nu * x[0] + 4.0 * (x[1] * x[2] - x[4] * x[5]),
        -5 * nu * x[1] - 7.0 * (x[0] * x[2] - x[3] * x[5]),
        -9 * nu * x[2] + 3.0 * (x[0] * x[1] - x[3] * x[4]),
        -2 * mu * x[4] + 2.0 * (x[5] * x[1] - x[2] * x[4]),
        -5 * mu * x[4] + sigma * x[5] + 5.0 * (x[2] * x[3] - x[0] * x[5]),
        -9 * mu * x[5] + sigma * x[4] + 9.0 * (x[4] * x[0] - x[1] * x[3]),
    ]


# Galerkin coefficients for the Burgers' equation in Noack et al. 2008
def burgers_galerkin(sigma=0.1, nu=0.025, U=1.0):
    r = 10
    L = np.zeros([r, r])

    for i in range(r // 2):
        # Dissipation
        L[2 * i, 2 * i] = -nu * (i + 1) ** 2
        L[2 * i + 1, 2 * i + 1] = -nu * (i + 1) ** 2

        # Mean flow advection
        L[2 * i, 2 * i + 1] = -(i + 1) * U
        L[2 * i + 1, 2 * i] = (i + 1) * U

    # Add forcing
    L[0, 0] += sigma
    L[1, 1] += sigma

    Q = np.zeros((r, r, r))
    Q[0, :, :] = np.array(
        [
            [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
            [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
            [-1, 0, 0, 0, 0, 0, 0, 0, 0, 0],
            [0, -1, 0, 0, 0, 0, 0, 0, 0, 0],
            [0, 0, -1, 0, 0, 0, 0, 0, 0, 0],
            [0, 0, 0, -1, 0, 0, 0, 0, 0, 0],
            [0, 0, 0, 0, -1, 0, 0, 0, 0, 0],
            [0, 0, 0, 0, 0, -1, 0, 0, 0, 0],
            [0, 0, 0, 0, 0, 0, -1, 0, 0, 0],
            [0, 0, 0, 0, 0, 0, 0, -1, 0, 0],
        ]
    )

    Q[0, :, :] = 0.5 * (Q[0, :, :] + Q[0, :, :].T)

    Q[1, :, :] = np.array(
        [
            [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
            [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
            [0, 1, 0, 0, 0, 0, 0, 0, 0, 0],
            [-1, 0, 0, 0, 0, 0, 0, 0, 0, 0],
            [0, 0, 0, 1, 0, 0, 0, 0, 0, 0],
            [0, 0, -1, 0, 0, 0, 0, 0, 0, 0],
            [0, 0, 0, 0, 0, 1, 0, 0, 0, 0],
            [0, 0, 0, 0, -1, 0, 0, 0, 0, 0],
            [0, 0, 0, 0, 0, 0, 0, 1, 0, 0],
            [0, 0, 0, 0, 0, 0, -1, 0, 0, 0],
        ]
    )

    Q[1, :, :] = 0.5 * (Q[1, :, :] + Q[1, :, :].T)

    Q[2, :, :] = np.array(
        [
            [1, 0, 0, 0, 0, 0, 0, 0, 0, 0],
            [0, -1, 0, 0, 0, 0, 0, 0, 0, 0],
            [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
            [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
            [-2, 0, 0, 0, 0, 0, 0, 0, 0, 0],
            [0, -2, 0, 0, 0, 0, 0, 0, 0, 0],
            [0, 0, -2, 0, 0, 0, 0, 0, 0, 0],
            [0, 0, 0, -2, 0, 0, 0, 0, 0, 0],
            [0, 0, 0, 0, -2, 0, 0, 0, 0, 0],
            [0, 0, 0, 0, 0, -2, 0, 0, 0, 0],
        ]
    )

    Q[2, :, :] = 0.5 * (Q[2, :, :] + Q[2, :, :].T)

    Q[3, :, :] = np.array(
        [
            [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
            [2, 0, 0, 0, 0, 0, 0, 0, 0, 0],
            [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
            [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
            [0, 2, 0, 0, 0, 0, 0, 0, 0, 0],
            [-2, 0, 0, 0, 0, 0, 0, 0, 0, 0],
            [0, 0, 0, 2, 0, 0, 0, 0, 0, 0],
            [0, 0, -2, 0, 0, 0, 0, 0, 0, 0],
            [0, 0, 0, 0, 0, 2, 0, 0, 0, 0],
            [0, 0, 0, 0, -2, 0, 0, 0, 0, 0],
        ]
    )

    Q[3, :, :] = 0.5 * (Q[3, :, :] + Q[3, :, :].T)

    Q[4, :, :] = np.array(
        [
            [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
            [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
            [3, 0, 0, 0, 0, 0, 0, 0, 0, 0],
            [0, -3, 0, 0, 0, 0, 0, 0, 0, 0],
            [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
            [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
            [-3, 0, 0, 0, 0, 0, 0, 0, 0, 0],
            [0, -3, 0, 0, 0, 0, 0, 0, 0, 0],
            [0, 0, -3, 0, 0, 0, 0, 0, 0, 0],
            [0, 0, 0, -3, 0, 0, 0, 0, 0, 0],
        ]
    )

    Q[4, :, :] = 0.5 * (Q[4, :, :] + Q[4, :, :].T)

    Q[5, :, :] = np.array(
        [
            [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
            [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
            [0, 3, 0, 0, 0, 0, 0, 0, 0, 0],
            [3, 0, 0, 0, 0, 0, 0, 0, 0, 0],
            [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
            [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
            [0, 3, 0, 0, 0, 0, 0, 0, 0, 0],
            [-3, 0, 0, 0, 0, 0, 0, 0, 0, 0],
            [0, 0, 0, 3, 0, 0, 0, 0, 0, 0],
            [0, 0, -3, 0, 0, 0, 0, 0, 0, 0],
        ]
    )

    Q[5, :, :] = 0.5 * (Q[5, :, :] + Q[5, :, :].T)

    Q[6, :, :] = np.array(
        [
            [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
            [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
            [0, 0, 2, 0, 0, 0, 0, 0, 0, 0],
            [0, 0, 0, -2, 0, 0, 0, 0, 0, 0],
            [4, 0, 0, 0, 0, 0, 0, 0, 0, 0],
            [0, -4, 0, 0, 0, 0, 0, 0, 0, 0],
            [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
            [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
            [-4, 0, 0, 0, 0, 0, 0, 0, 0, 0],
            [0, -4, 0, 0, 0, 0, 0, 0, 0, 0],
        ]
    )

    Q[6, :, :] = 0.5 * (Q[6, :, :] + Q[6, :, :].T)

    Q[7, :, :] = np.array(
        [
            [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
            [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
            [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
            [0, 0, 4, 0, 0, 0, 0, 0, 0, 0],
            [0, 4, 0, 0, 0, 0, 0, 0, 0, 0],
            [4, 0, 0, 0, 0, 0, 0, 0, 0, 0],
            [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
            [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
            [0, 4, 0, 0, 0, 0, 0, 0, 0, 0],
            [-4, 0, 0, 0, 0, 0, 0, 0, 0, 0],
        ]
    )

    Q[7, :, :] = 0.5 * (Q[7, :, :] + Q[7, :, :].T)

    Q[8, :, :] = np.array(
        [
            [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
            [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
            [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
            [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
            [0, 0, 5, 0, 0, 0, 0, 0, 0, 0],
            [0, 0, 0, -5, 0, 0, 0, 0, 0, 0],
            [5, 0, 0, 0, 0, 0, 0, 0, 0, 0],
            [0, -5, 0, 0, 0, 0, 0, 0, 0, 0],
            [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
            [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
        ]
    )

    Q[8, :, :] = 0.5 * (Q[8, :, :] + Q[8, :, :].T)

    Q[9, :, :] = np.array(
        [
            [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
            [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
            [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
            [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
            [0, 0, 0, 5, 0, 0, 0, 0, 0, 0],
            [0, 0, 5, 0, 0, 0, 0, 0, 0, 0],
            [0, 5, 0, 0, 0, 0, 0, 0, 0, 0],
            [5, 0, 0, 0, 0, 0, 0, 0, 0, 0],
            [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
            [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
        ]
    )

    Q[9, :, :] = 0.5 * (Q[9, :, :] + Q[9, :, :].T)

    Q = Q / np.sqrt(np.pi)

    # Check for conservation in nonlinearity
    tol = 1e-15  # Numerical precision
    for i in range(Q.shape[0]):
        for j in range(Q.shape[0]):
            for k in range(Q.shape[0]):
                perm_sum = (
                    Q[i, j, k]
                    + Q[i, k, j]
                    + Q[j, i, k]
                    + Q[j, k, i]
                    + Q[k, i, j]
                    + Q[k, j, i]
                )
                assert perm_sum < tol
    return L, Q


# Below this line are models only suitable for SINDy-PI, since they are implicit #
# and therefore require a library Theta(X, Xdot) rather than just Theta(X) #


# Michaelis–Menten model for enzyme kinetics
def enzyme(t, x, jx=0.6, Vmax=1.5, Km=0.3):
    return jx - Vmax * x / (Km + x)


# Bacterial competence system (Mangan et al. 2016)
def bacterial(t, x, a1=0.004, a2=0.07, a3=0.04, b1=0.82, b2=1854.5):
    return [
        a1 + a2 * x[0] ** 2 / (a3 + x[0] ** 2) - x[0] / (1 + x[0] + x[1]),
        b1 / (1 + b2 * x[0] ** 5) - x[1] / (1 + x[0] + x[1]),
    ]


# yeast glycolysis model, note that there are many typos in the sindy-pi paper
def yeast(
    t,
    x,
    c1=2.5,
    c2=-100,
    c3=13.6769,
    d1=200,
    d2=13.6769,
    d3=-6,
    d4=-6,
    e1=6,
    e2=-64,
    e3=6,
    e4=16,
    f1=64,
    f2=-13,
    f3=13,
    f4=-16,
    f5=-100,
    g1=1.3,
    g2=-3.1,
    h1=-200,
    h2=13.6769,
    h3=128,
    h4=-1.28,
    h5=-32,
    j1=6,
    j2=-18,
    j3=-100,
):
    return [
        c1 + c2 * x[0] * x[5] / (1 + c3 * x[5] ** 4),
        d1 * x[0] * x[5] / (1 + d2 * x[5] ** 4) + d3 * x[1] - d4 * x[1] * x[6],
        e1 * x[1] + e2 * x[2] + e3 * x[1] * x[6] + e4 * x[2] * x[5],
        f1 * x[2] + f2 * x[3] + f3 * x[4] + f4 * x[2] * x[5] + f5 * x[3] * x[6],
        g1 * x[3] + g2 * x[4],
        h3 * x[2]
        + h5 * x[5]
        + h4 * x[2] * x[6]
        + h1 * x[0] * x[5] / (1 + h2 * x[5] ** 4),
        j1 * x[1] + j2 * x[1] * x[6] + j3 * x[3] * x[6],
    ]


# Cart on a pendulum
def pendulum_on_cart(t, x, m=1, M=1, L=1, F=0, g=9.81):
    return [
        x[2],
        x[3],
        (
            (M + m) * g * np.sin(x[0])
            - F * np.cos(x[0])
            - m * L * np.sin(x[0]) * np.cos(x[0]) * x[2] ** 2
        )
        / (L * (M + m * np.sin(x[0]) ** 2)),
        (m * L * np.sin(x[0]) * x[2] ** 2 + F - m * g * np.sin(x[0]) * np.cos(x[0]))
        / (M + m * np.sin(x[0]) ** 2),
    ]


# Control input models for kinematic single-track model
def f_steer(
    x,
    u,
    min_sangle=-0.91,
    max_sangle=0.91,
    min_svel=-0.4,
    max_svel=0.4,
    min_vel=-13.9,
    max_vel=45.8,
    switch_vel=4.755,
    amax=11.5,
):
    return 0


def f_acc(
    y,
    u,
    min_sangle=-0.91,
    max_sangle=0.91,
    min_svel=-0.4,
    max_svel=0.4,
    min_vel=-13.9,
    max_vel=45.8,
    switch_vel=4.755,
    amax=11.5,
):
    return 0


# CommonRoad kinematic single-track model
def kinematic_commonroad(t, x, u_fun, amax=11.5, lwb=2.391):
    u = u_fun(t)
    return [
        x[3] * np.cos(x[4]),
        x[3] * np.sin(x[4]),
        f_steer(x[0], u[0, 0]),
        f_acc(x[1], u[0, 1]),
        x[1] * np.tan(x[0]) / lwb,
    ]


# Infamous double pendulum problem (frictionless if k1=k2=0)
def double_pendulum(
    t,
    x,
    m1=0.2704,
    m2=0.2056,
    a1=0.191,
    a2=0.1621,
    L1=0.2667,
    L2=0.2667,
    I1=0.003,
    I2=0.0011,
    g=9.81,
    k1=0,
    k2=0,
):
    return [
        x[2],
        x[3],
        (
            L1 * a2**2 * g * m2**2 * np.sin(x[0])
            - 2 * L1 * a2**3 * x[3] ** 2 * m2**2 * np.sin(x[0] - x[1])
            + 2 * I2 * L1 * g * m2 * np.sin(x[0])
            + L1 * a2**2 * g * m2**2 * np.sin(x[0] - 2 * x[1])
            + 2 * I2 * a1 * g * m1 * np.sin(x[0])
            - (L1 * a2 * x[2] * m2) ** 2 * np.sin(2 * (x[0] - x[1]))
            - 2 * I2 * L1 * a2 * x[3] ** 2 * m2 * np.sin(x[0] - x[1])
            + 2 * a1 * a2**2 * g * m1 * m2 * np.sin(x[0])
        )
        / (
            2 * I1 * I2
            + (L1 * a2 * m2) ** 2
            + 2 * I2 * L1**2 * m2
            + 2 * I2 * a1**2 * m1
            + 2 * I1 * a2**2 * m2
            - (L1 * a2 * m2) ** 2 * np.cos(2 * (x[0] - x[1]))
            + 2 * (a1 * a2) ** 2 * m1 * m2
        ),
        (
            a2
            * m2
            * (
                2 * I1 * g * np.sin(x[1])
                + 2 * L1**3 * x[2] ** 2 * m2 * np.sin(x[0] - x[1])
                + 2 * L1**2 * g * m2 * np.sin(x[1])
                + 2 * I1 * L1 * x[2] ** 2 * np.sin(x[0] - x[1])
                + 2 * a1**2 * g * m1 * np.sin(x[1])
                + L1**2 * a2 * x[3] ** 2 * m2 * np.sin(2 * (x[0] - x[1]))
                + 2 * L1 * a1**2 * x[2] ** 2 * m1 * np.sin(x[0] - x[1])
                - 2 * L1**2 * g * m2 * np.cos(x[0] - x[1]) * np.sin(x[0])
                - 2 * L1 * a1 * g * m1 * np.cos(x[0] - x[1]) * np.sin(x[0])
            )
        )
        / (
            2
            * (
                I1 * I2
                + (L1 * a2 * m2) ** 2
                + I2 * L1**2 * m2
                + I2 * a1**2 * m1
                + I1 * a2**2 * m2
                - (L1 * a2 * m2) ** 2 * np.cos(x[0] - x[1]) ** 2
                + a1**2 * a2**2 * m1 * m2
            )
        ),
    ]



# --- pysindy/utils/base.py ------------------------------------------------------------------------------------------

def reorder_constraints(arr, n_features, output_order="feature"):
    warnings.warn("Target format constraints are deprecated.", stacklevel=2)
    n_constraints = arr.shape[0] if arr.ndim > 1 else 1
    n_tgt = arr.size // n_features // n_constraints
    if output_order == "feature":
        starting_shape = (n_constraints, n_tgt, n_features)
    else:
        starting_shape = (n_constraints, n_features, n_tgt)

    return arr.reshape(starting_shape).transpose([0, 2, 1]).reshape((n_constraints, -1))


def _validate_prox_and_reg_inputs(func):

    @wraps(func)
    def wrapper(x, regularization_weight):
        if isinstance(regularization_weight, np.ndarray):
            weight_shape = regularization_weight.shape
            if weight_shape != x.shape:
                raise ValueError(
                    f"Invalid shape for 'regularization_weight': "
                    f"{weight_shape}. Must be the same shape as x: {x.shape}."
                )
        elif not isinstance(regularization_weight, (int, float)):
            raise ValueError("'regularization_weight' must be a scalar")
        return func(x, regularization_weight)

    return wrapper


def get_prox(
    regularization: str,
) -> Callable[
    [NDArray[np.float64], Union[float, NDArray[np.float64]]], NDArray[np.float64]
]:

    prox = {
        "l0": _prox_l0,
        "weighted_l0": _prox_l0,
        "l1": _prox_l1,
        "weighted_l1": _prox_l1,
        "l2": _prox_l2,
        "weighted_l2": _prox_l2,
    }
    regularization = regularization.lower()
    return prox[regularization]


@_validate_prox_and_reg_inputs
def _prox_l0(
    x: NDArray[np.float64],
    regularization_weight: Union[float, NDArray[np.float64]],
):
    threshold = np.sqrt(2 * regularization_weight)
    return x * (np.abs(x) > threshold)


@_validate_prox_and_reg_inputs
def _prox_l1(
    x: NDArray[np.float64],
    regularization_weight: Union[float, NDArray[np.float64]],
):
    return np.sign(x) * np.maximum(np.abs(x) - regularization_weight, 0)


@_validate_prox_and_reg_inputs
def _prox_l2(
    x: NDArray[np.float64],
    regularization_weight: Union[float, NDArray[np.float64]],
):
    return x / (1 + 2 * regularization_weight)


@_validate_prox_and_reg_inputs
def _regularization_l0(
    x: NDArray[np.float64],
    regularization_weight: Union[float, NDArray[np.float64]],
):
    return np.sum(regularization_weight * (x != 0))


@_validate_prox_and_reg_inputs
def _regularization_l1(
    x: NDArray[np.float64],
    regularization_weight: Union[float, NDArray[np.float64]],
):
    return np.sum(regularization_weight * np.abs(x))


@_validate_prox_and_reg_inputs
def _regularization_l2(
    x: NDArray[np.float64],
    regularization_weight: Union[float, NDArray[np.float64]],
):
    return np.sum(regularization_weight * x**2)


def get_regularization(
    regularization: str,
) -> Callable[[NDArray[np.float64], Union[float, NDArray[np.float64]]], float]:

    regularization_fn = {
        "l0": _regularization_l0,
        "weighted_l0": _regularization_l0,
        "l1": _regularization_l1,
        "weighted_l1": _regularization_l1,
        "l2": _regularization_l2,
        "weighted_l2": _regularization_l2,
    }
    regularization = regularization.lower()
    return regularization_fn[regularization]


def capped_simplex_projection(trimming_array, trimming_fraction):
    a = np.min(trimming_array) - 1.0
    b = np.max(trimming_array) - 0.0

    def f(x):
        return (
            np.sum(np.maximum(np.minimum(trimming_array - x, 1.0), 0.0))
            - (1.0 - trimming_fraction) * trimming_array.size
        )

    x = bisect(f, a, b)

    return np.maximum(np.minimum(trimming_array - x, 1.0), 0.0)



# --- pysindy/optimizers/ssr.py, stlsq.py, base.py, evidence_greedy.py, trapping_sr3.py ------------------------------

def _ind_inflection(err_descending: list[float]) -> int:
    if len(err_descending) == 1:
        raise ValueError("Cannot find the inflection point of a single point")
    err_descending = np.array(err_descending)
    if np.any(err_descending < 0):
        raise ValueError("SSR inflection point method requires nonnegative losses")
    if np.any(err_descending == 0):
        return np.argmin(err_descending)
    err_ratio = err_descending[:-1] / err_descending[1:]
    return np.argmax(err_ratio) + 1


def _remove_and_decrement(
    existing_vals: Union[np.ndarray, list], vals_to_remove: Union[np.ndarray, list]
) -> np.ndarray:
    for s in reversed(vals_to_remove):
        existing_vals = np.delete(existing_vals, np.where(s == existing_vals))
        existing_vals = np.where(existing_vals > s, existing_vals - 1, existing_vals)
    return existing_vals


def _normalize_features(x: Float2D) -> Float2D:
    lengths = np.linalg.norm(x, 2, axis=0)
    return lengths, x / lengths


def _log_evidence_laplace_appx(
    G: np.ndarray,
    b: np.ndarray,
    yTy: float,
    n_samples: int,
    alpha: float,
    _sigma2: float,
    m_N: np.ndarray | None,
) -> float:

    n_features = G.shape[0]

    # Degenerate empty model: p(y) = N(0, _sigma2 I)
    if n_features == 0:
        term1 = n_samples * np.log(2.0 * np.pi)
        term2 = n_samples * np.log(_sigma2)
        term4 = (1.0 / _sigma2) * yTy
        log_ev = -0.5 * (term1 + term2 + term4)
        return float(log_ev)

    if m_N is None:
        raise ValueError("m_N must be provided for a non-empty active set.")

    # m_N = np.asarray(m_N).reshape(-1)
    if m_N.shape[0] != n_features:
        raise ValueError("m_N has incompatible shape for the active set.")

    beta = 1.0 / _sigma2

    # Residual norm using precomputed stats:
    #   ||y - Theta m_N||^2 = yTy - 2 m_N^T b + m_N^T G m_N
    residual_sq = yTy - 2.0 * float(m_N.T @ b) + float(m_N.T @ (G @ m_N))

    # log|Lambda|
    Lambda = alpha * np.eye(n_features) + beta * G
    sign, logdet_Lambda = np.linalg.slogdet(Lambda)
    if sign <= 0:
        # Numerically bad model; treat as very low evidence.
        return float(-np.inf)

    term1 = n_samples * np.log(2.0 * np.pi)
    term2 = n_samples * np.log(_sigma2)
    term3 = logdet_Lambda - n_features * np.log(alpha)
    term4 = (1.0 / _sigma2) * residual_sq
    term5 = alpha * float(m_N.T @ m_N)

    log_ev = -0.5 * (term1 + term2 + term3 + term4 + term5)
    return float(log_ev)


def _pure_constraints(n_tgts: int, n_terms: int, pure_terms: dict[int, int]) -> Float2D:
    constraint_mat = np.zeros((n_tgts, n_terms, n_tgts))
    for constr_ind, (tgt_ind, term_ind) in zip(range(n_tgts), pure_terms.items()):
        constraint_mat[constr_ind, term_ind, tgt_ind] = 1.0
    return constraint_mat


def _equality_constrained_linlsq(
    hess: Float2D, grad_const: Float2D, constraint_lhs: Float2D, constraint_rhs: Float2D
):
    C = constraint_lhs
    d = constraint_rhs
    # Careful with ill-conditioned matrices!
    inv1 = np.linalg.pinv(hess, rcond=1e-10)
    inv2 = np.linalg.pinv(C @ inv1 @ C.T, rcond=1e-10)
    return inv1 @ (grad_const + C.T @ inv2 @ (d - C @ inv1 @ grad_const))


def _permutation_asymmetry(Q_obj: Q_Arr) -> Q_Arr:
    p1 = partial(np.einsum, "ijk...->jki...")
    p2 = partial(np.einsum, "ijk...->kij...")
    return (Q_obj + p1(Q_obj) + p2(Q_obj)) / 3



# --- pysindy/feature_library/polynomial_library.py -----------------------------------------------------------------

def n_poly_features(
    n_in_feat: int,
    degree: int,
    include_bias: bool = False,
    include_interation: bool = True,
    interaction_only: bool = False,
) -> int:
    if not include_interation and interaction_only:
        raise ValueError("Cannot set interaction only if include_interaction is False")
    n_feat = include_bias
    if not include_interation:
        return n_feat + n_in_feat * degree
    for deg in range(1, degree + 1):
        if interaction_only:
            n_feat += comb(n_in_feat, deg)
        else:
            n_feat += comb(n_in_feat + deg - 1, deg)
    return n_feat



# --- pysindy/differentiation/finite_difference.py, spectral_derivative.py (base class: see the module docstring) ---

class FiniteDifference:

    def __init__(
        self,
        order: int = 2,
        d: int = 1,
        axis: int = 0,
        is_uniform: bool = False,
        drop_endpoints: bool = False,
        periodic: bool = False,
    ):
        if order <= 0 or not isinstance(order, int):
            raise ValueError("order must be a positive int")
        if d <= 0:
            raise ValueError("differentiation order must be a positive int")

        self.d = d
        self.order = order
        self.is_uniform = is_uniform
        self.axis = axis
        self.drop_endpoints = drop_endpoints
        self.periodic = periodic
        self.n_stencil = int(2 * ((self.d + 1) // 2) - 1 + self.order)
        self.n_stencil_forward = self.d + self.order

        if self.d >= self.n_stencil:
            raise ValueError(
                "This combination of d and order is not implemented. "
                "It is required that d >= stencil_size, where "
                "stencil_size = 2 * (d + 1) // 2 - 1 + order. "
            )

    def _coefficients(self, t: AxesArray):
        nt = t.n_time
        self.stencil_inds = AxesArray(
            np.array(
                [
                    np.arange(i, nt - self.n_stencil + i + 1)
                    for i in range(self.n_stencil)
                ]
            ),
            {"ax_offset": 0, "ax_ti": 1},
        )
        stencil = AxesArray(
            t[self.stencil_inds], {"ax_offset": 0, "ax_time": 1, "ax_coord": 2}
        )
        self.stencil = np.transpose(stencil, [1, 0, 2])
        pows = AxesArray(
            np.arange(self.n_stencil)[np.newaxis, :, np.newaxis, np.newaxis],
            {"ax_time": 0, "ax_power": 1, "ax_offset": 2, "ax_coord": 3},
        )
        dt_endpoints = (
            self.stencil
            - t[(self.n_stencil - 1) // 2 : -(self.n_stencil - 1) // 2, "offset"]
        )
        matrices = dt_endpoints[:, "power", :, :] ** pows
        b = AxesArray(np.zeros((self.n_stencil)), {"ax_power": 0})
        b[self.d] = factorial(self.d)
        # Note the 0 index in ax_coord currently means "time", because
        # this class was built for differentiation along a single axis,
        # And that axis was time.
        return np.linalg.solve(matrices[..., 0], b)

    def _coefficients_boundary_forward(self, t):
        # use the same stencil for each boundary point,
        # but change the evaluation point
        left = np.arange(self.n_stencil_forward)[:, np.newaxis] * np.ones(
            (self.n_stencil - 1) // 2, dtype=int
        )
        if self.order % 2 == 0:
            right_len = (self.n_stencil - 1) // 2
        else:
            right_len = 1 + (self.n_stencil - 1) // 2
        right = (-1 - np.arange(self.n_stencil_forward))[:, np.newaxis] * np.ones(
            right_len, dtype=int
        )
        tinds = np.concatenate(
            [
                np.arange((self.n_stencil - 1) // 2, dtype=int),
                np.flip(-1 - np.arange(right_len, dtype=int)),
            ]
        )
        self.stencil_inds = np.concatenate([left, right], axis=1)

        pows = AxesArray(
            np.arange(self.n_stencil_forward)[np.newaxis, :, np.newaxis, np.newaxis],
            {"ax_time": 0, "ax_power": 1, "ax_offset": 2, "ax_coord": 3},
        )

        if np.isscalar(t):
            warn("Scalar t is deprecated here", DeprecationWarning, stacklevel=2)
            matrices = np.transpose(
                (t * (self.stencil_inds - tinds)[:, "power", ...]) ** pows
            )
        else:
            matrices = np.transpose(
                ((t[self.stencil_inds] - t[tinds])[:, "power", ...]) ** pows
            )

        b = np.zeros((self.n_stencil_forward,))
        b[self.d] = factorial(self.d)
        return np.linalg.solve(matrices[0, ...], b)

    def _coefficients_boundary_periodic(self, t):
        # use centered periodic stencils
        left = (np.arange(self.n_stencil) - (self.n_stencil - 1) // 2)[
            :, np.newaxis
        ] + np.arange((self.n_stencil - 1) // 2, dtype=int)
        right = np.flip(
            (-1 - np.arange(self.n_stencil) + (self.n_stencil - 1) // 2)[:, np.newaxis]
            - np.arange((self.n_stencil - 1) // 2, dtype=int),
            axis=1,
        )
        self.stencil_inds = np.concatenate([left, right], axis=1)
        tinds = np.concatenate(
            [
                np.arange((self.n_stencil - 1) // 2, dtype=int),
                np.flip(-1 - np.arange((self.n_stencil - 1) // 2, dtype=int)),
            ]
        )
        pows = AxesArray(
            np.arange(self.n_stencil)[np.newaxis, :, np.newaxis, np.newaxis],
            {"ax_time": 0, "ax_power": 1, "ax_offset": 2, "ax_coord": 3},
        )

        if np.isscalar(t):
            matrices = (
                np.transpose(
                    t
                    * (
                        np.concatenate(
                            [
                                np.ones((self.n_stencil - 1) // 2),
                                -np.ones((self.n_stencil - 1) // 2),
                            ]
                        )
                        * (np.arange(self.n_stencil) - (self.n_stencil - 1) // 2)[
                            :, np.newaxis
                        ]
                    )[:, np.newaxis, :]
                )
                ** pows
            )
        else:
            period = t[-1] - t[0] + (t[1] - t[0])
            matrices = np.transpose(
                (
                    (
                        np.mod(t[self.stencil_inds] - t[tinds] + period / 2, period)
                        - period / 2
                    )[:, "power", :, :]
                )
                ** pows
            )

        b = np.zeros(self.n_stencil)
        b[self.d] = factorial(self.d)
        return np.linalg.solve(matrices[0, ...], b)

    def _constant_coefficients(self, dt):
        pows = np.arange(self.n_stencil)[:, np.newaxis]
        matrices = (dt * (np.arange(self.n_stencil) - (self.n_stencil - 1) // 2))[
            np.newaxis, :
        ] ** pows
        b = np.zeros(self.n_stencil)
        b[self.d] = factorial(self.d)
        return np.linalg.solve(matrices, b)

    def _accumulate(self, coeffs, x):
        # slice to select the stencil indices
        s = [slice(None)] * x.ndim
        s[self.axis] = self.stencil_inds

        # a new axis is introduced before self.axis for the stencil indices
        # To contract with the coefficients, roll by -self.axis to put it first
        # Then roll back by self.axis to return the order
        trans = np.roll(np.arange(x.ndim + 1), -self.axis)
        # TODO: assign x's axes much earlier in the call stack
        x = AxesArray(x, {"ax_unk": list(range(x.ndim))})
        x_expanded = AxesArray(
            np.transpose(x[tuple(s)], axes=trans), x.insert_axis(0, "ax_offset")
        )
        return np.transpose(
            np.einsum(
                "ij...,ij->j...",
                x_expanded,
                np.transpose(coeffs),
            ),
            np.roll(np.arange(x.ndim), self.axis),
        )

    def _differentiate(
        self, x: NDArray, t: Union[NDArray, float, List[float]]
    ) -> NDArray:
        x_dot = np.full_like(x, fill_value=np.nan)
        s = [slice(None)] * len(x.shape)

        if self.axis < 0:
            # Need to do this for _accumulate function to work properly?
            self.axis = len(x.shape) + self.axis

        # Central differences in interior of domain
        if np.isscalar(t) or self.is_uniform:
            dt = t
            if not np.isscalar(t):
                dt = t[1] - t[0]

            coeffs = self._constant_coefficients(dt)
            dims = np.array(x.shape)
            dims[self.axis] = x.shape[self.axis] - (self.n_stencil - 1)
            interior = np.zeros(dims)
            # Slightly faster version of self._accumulate for uniform grid
            for i in range(self.n_stencil):
                if abs(coeffs[i]) > 0:
                    start = i
                    stop = -(self.n_stencil - start - 1)
                    if stop >= 0:
                        stop = None
                    s[self.axis] = slice(start, stop)
                    interior = interior + x[tuple(s)] * coeffs[i]
        else:
            t = AxesArray(np.array(t), axes={"ax_time": 0, "ax_coord": 1})
            coeffs = self._coefficients(t)
            interior = self._accumulate(coeffs, x)
        s[self.axis] = slice((self.n_stencil - 1) // 2, -(self.n_stencil - 1) // 2)
        x_dot[tuple(s)] = interior

        # Boundaries
        if not self.drop_endpoints:
            # Forward differences on boundary
            if not self.periodic:
                coeffs = self._coefficients_boundary_forward(t)
                boundary = self._accumulate(coeffs, x)

                if self.order % 2 == 0:
                    right_len = (self.n_stencil - 1) // 2
                else:
                    right_len = 1 + (self.n_stencil - 1) // 2
                s[self.axis] = np.concatenate(
                    [
                        np.arange((self.n_stencil - 1) // 2, dtype=int),
                        np.flip(-1 - np.arange(right_len, dtype=int)),
                    ]
                )
            # Central differences on boundary with periodic bcs
            else:
                coeffs = self._coefficients_boundary_periodic(t)
                boundary = self._accumulate(coeffs, x)
                s[self.axis] = np.concatenate(
                    [
                        np.arange(0, (self.n_stencil - 1) // 2),
                        -np.flip(1 + np.arange(1, (self.n_stencil - 1) // 2)),
                        np.array([-1]),
                    ]
                )
            x_dot[tuple(s)] = boundary
        self.smoothed_x_ = x
        return x_dot


class SpectralDerivative:

    def __init__(self, d=1, axis=0):
        self.d = d
        self.axis = axis

    def _differentiate(self, x, t):

        if not np.isscalar(t):
            t = t[1] - t[0]

        q = np.fft.fft(x, axis=self.axis)
        n = x.shape[self.axis]
        dims = np.ones(x.ndim, dtype=int)
        dims[self.axis] = n
        freqs = np.zeros(n, dtype=np.complex128)
        positives = np.arange(n // 2 + 1)
        negatives = np.setdiff1d(np.arange(n), positives)
        freqs[: n // 2 + 1] = positives * 2 * np.pi / (n * t)
        freqs[n // 2 + 1 :] = (negatives - n) * 2 * np.pi / (n * t)

        self.smoothed_x_ = x
        if x.dtype is complex:
            return np.fft.ifft(
                np.reshape(1j * freqs, dims) ** self.d * q, axis=self.axis
            )
        else:
            return np.fft.ifft(
                np.reshape(1j * freqs, dims) ** self.d * q, axis=self.axis
            ).real.astype(x.dtype)




# --- wrappers: the calling convention (settings as constants) ----------------------------------------------------------

def van_der_pol_mu(t, x):
    return van_der_pol(t, x, p=[1.5])


def lorenz_controlled(t, x):
    return lorenz_control(t, x, lorenz_u)


def hopf_unstable(t, x):
    return hopf(t, x, mu=0.1, omega=2.0)


def mhd_dissipative(t, x):
    return mhd(t, x, nu=0.1, mu=0.2, sigma=0.3)


def kinematic_commonroad_u(t, x):
    return kinematic_commonroad(t, x, lorenz_u)


def lorenz_stacked(t, x):
    return np.array(lorenz(t, x))


def burgers_default():
    return burgers_galerkin()


def prox_l0(x):
    return get_prox("l0")(x, 0.3)


def prox_l1(x):
    return get_prox("L1")(x, 0.3)


def prox_l2(x):
    return get_prox("l2")(x, 0.3)


def prox_weighted_l0(x, w):
    return get_prox("weighted_l0")(x, w)


def prox_weighted_l1(x, w):
    return get_prox("weighted_l1")(x, w)


def prox_weighted_l2(x, w):
    return get_prox("weighted_l2")(x, w)


def regularization_l0(x):
    return get_regularization("l0")(x, 0.3)


def regularization_l1(x):
    return get_regularization("l1")(x, 0.3)


def regularization_l2(x):
    return get_regularization("l2")(x, 0.3)


def regularization_weighted_l0(x, w):
    return get_regularization("weighted_l0")(x, w)


def regularization_weighted_l1(x, w):
    return get_regularization("weighted_l1")(x, w)


def regularization_weighted_l2(x, w):
    return get_regularization("weighted_l2")(x, w)


def reorder_feature(arr):
    return reorder_constraints(arr, 4)


def reorder_target(arr):
    return reorder_constraints(arr, 4, output_order="target")


def capped_simplex_quarter(trimming_array):
    return capped_simplex_projection(trimming_array, 0.25)


def remove_and_decrement(existing_vals):
    return _remove_and_decrement(existing_vals, [2, 5])


def remove_and_decrement_traced(existing_vals, vals_to_remove):
    return _remove_and_decrement(existing_vals, vals_to_remove)


def log_evidence(G, b, yTy, alpha, sigma2, m_N):
    return _log_evidence_laplace_appx(G, b, yTy, 30, alpha, sigma2, m_N)


def log_evidence_empty(yTy, sigma2):
    return _log_evidence_laplace_appx(np.zeros((0, 0)), np.zeros(0), yTy, 30, 1.0, sigma2, None)


def pure_constraints():
    return _pure_constraints(3, 9, {0: 0, 1: 4, 2: 8})


def poly_features_3_2():
    return n_poly_features(3, 2, include_bias=True)


def poly_features_interaction_only():
    return n_poly_features(4, 3, interaction_only=True)


def fd_order2(x, t):
    return FiniteDifference(order=2, drop_endpoints=True)._differentiate(x, t)


def fd_order1(x, t):
    return FiniteDifference(order=1, drop_endpoints=True)._differentiate(x, t)


def fd_order4(x, t):
    return FiniteDifference(order=4, drop_endpoints=True)._differentiate(x, t)


def fd_second_derivative(x, t):
    return FiniteDifference(order=2, d=2, drop_endpoints=True)._differentiate(x, t)


def fd_third_derivative(x, t):
    return FiniteDifference(order=3, d=3, drop_endpoints=True)._differentiate(x, t)


def fd_uniform_grid(x, t):
    return FiniteDifference(order=2, is_uniform=True, drop_endpoints=True)._differentiate(x, t)


def fd_axis_last(x, t):
    return FiniteDifference(order=2, axis=-1, drop_endpoints=True)._differentiate(x, t)


def fd_order2_constant_dt(x):
    return FiniteDifference(order=2, drop_endpoints=True)._differentiate(x, 0.2)


def fd_order3_d2_constant_dt(x):
    return FiniteDifference(order=3, d=2, axis=1, drop_endpoints=True)._differentiate(x, 0.2)


def spectral_constant_dt(x):
    return SpectralDerivative(d=3)._differentiate(x, 0.2)


def spectral_first(x, t):
    return SpectralDerivative()._differentiate(x, t)


def spectral_second_grid(x, t):
    return SpectralDerivative(d=2)._differentiate(x, t)


def spectral_axis1(x, t):
    return SpectralDerivative(d=1, axis=1)._differentiate(x, t)


# --- the cases --------------------------------------------------------------------------------------------------------

_o, _u, _p = "utils/odes.py", "utils/base.py", "optimizers/"
NT = 20


def _t(rng):
    return np.float64(rng.uniform(0.0, 5.0))


def _st(rng, n, traj=False):
    return rng.uniform(0.1, 1.0, size=(n, NT) if traj else n)


def _coef(rng):
    return rng.normal(size=(3, 6))


def _wts(rng):
    return rng.uniform(0.05, 0.5, size=(3, 6))


def _grid(rng):
    t = np.linspace(0.0, 2.0 * np.pi, 32, endpoint=False)
    return t, np.sin(t * rng.integers(1, 2)) + rng.uniform(0.1, 0.2) * np.cos(3 * t)


def _losses(rng):
    return np.sort(rng.uniform(0.1, 5.0, size=8))[::-1].copy()


def _spd(rng, n):
    a = rng.normal(size=(n, n))
    return a @ a.T + n * np.eye(n)


ODES = [  # (function, state size)
    (linear_damped_SHO, 2), (cubic_damped_SHO, 2), (linear_3D, 3), (van_der_pol, 2), (duffing, 2), (lotka, 2),
    (cubic_oscillator, 2), (rossler, 3), (hopf, 2), (lorenz, 3), (meanfield, 3), (oscillator, 3), (mhd, 6),
    (enzyme, 1), (bacterial, 2), (yeast, 7), (pendulum_on_cart, 4), (double_pendulum, 4),
]


def _ode_case(fn, n, traj):
    return case(fn, lambda rng: (_t(rng), _st(rng, n, traj)), SND(_o, fn.__name__, "a trajectory: the state along axis 0" if traj else "one state"),
                name=f"pysindy.{fn.__name__}{'_trajectory' if traj else ''}")


CASES = [
    *[_ode_case(fn, n, False) for fn, n in ODES],
    *[_ode_case(fn, n, True) for fn, n in ODES if fn in (lorenz, rossler, hopf, mhd, yeast, double_pendulum, enzyme)],
    case(van_der_pol_mu, lambda rng: (_t(rng), _st(rng, 2)), SND(_o, "van_der_pol", "p=[1.5]")),
    case(lorenz_controlled, lambda rng: (_t(rng), _st(rng, 3)), SND(_o, "lorenz_control", "u_fun=lorenz_u")),
    case(lorenz_u, lambda rng: (rng.uniform(0.0, 5.0, size=NT),), SND(_o, "lorenz_u")),
    case(hopf_unstable, lambda rng: (_t(rng), _st(rng, 2)), SND(_o, "hopf", "mu=0.1, omega=2")),
    case(mhd_dissipative, lambda rng: (_t(rng), _st(rng, 6)), SND(_o, "mhd", "nu, mu, sigma given")),
    case(kinematic_commonroad_u, lambda rng: (_t(rng), _st(rng, 5)), SND(_o, "kinematic_commonroad", "u_fun=lorenz_u")),
    case(lorenz_stacked, lambda rng: (_t(rng), _st(rng, 3, True)), SND(_o, "lorenz", "the list stacked into an array")),
    case(logistic_map, lambda rng: (_st(rng, NT), np.float64(rng.uniform(2.5, 4.0))), SND(_o, "logistic_map")),
    case(logistic_map_control, lambda rng: (_st(rng, NT), np.float64(rng.uniform(2.5, 4.0)), _st(rng, NT)), SND(_o, "logistic_map_control")),
    case(logistic_map_multicontrol, lambda rng: (_st(rng, NT), np.float64(rng.uniform(2.5, 4.0)), _st(rng, 2, True)), SND(_o, "logistic_map_multicontrol")),
    case(burgers_galerkin, lambda rng: (np.float64(rng.uniform(0.05, 0.2)), np.float64(rng.uniform(0.01, 0.05)), np.float64(rng.uniform(0.5, 1.5))), SND(_o, "burgers_galerkin", "sigma, nu, U traced")),
    case(burgers_default, lambda rng: (), SND(_o, "burgers_galerkin", "the defaults")),
    # utils/base.py
    case(prox_l0, lambda rng: (_coef(rng),), SND(_u, "get_prox", "'l0', weight 0.3")),
    case(prox_l1, lambda rng: (_coef(rng),), SND(_u, "get_prox", "'L1', weight 0.3")),
    case(prox_l2, lambda rng: (_coef(rng),), SND(_u, "get_prox", "'l2', weight 0.3")),
    case(prox_weighted_l0, lambda rng: (_coef(rng), _wts(rng)), SND(_u, "get_prox", "'weighted_l0'")),
    case(prox_weighted_l1, lambda rng: (_coef(rng), _wts(rng)), SND(_u, "get_prox", "'weighted_l1'")),
    case(prox_weighted_l2, lambda rng: (_coef(rng), _wts(rng)), SND(_u, "get_prox", "'weighted_l2'")),
    case(regularization_l0, lambda rng: (_coef(rng) * (rng.uniform(size=(3, 6)) > 0.5),), SND(_u, "get_regularization", "'l0', weight 0.3")),
    case(regularization_l1, lambda rng: (_coef(rng),), SND(_u, "get_regularization", "'l1', weight 0.3")),
    case(regularization_l2, lambda rng: (_coef(rng),), SND(_u, "get_regularization", "'l2', weight 0.3")),
    case(regularization_weighted_l0, lambda rng: (_coef(rng) * (rng.uniform(size=(3, 6)) > 0.5), _wts(rng)), SND(_u, "get_regularization", "'weighted_l0'")),
    case(regularization_weighted_l1, lambda rng: (_coef(rng), _wts(rng)), SND(_u, "get_regularization", "'weighted_l1'")),
    case(regularization_weighted_l2, lambda rng: (_coef(rng), _wts(rng)), SND(_u, "get_regularization", "'weighted_l2'")),
    case(reorder_feature, lambda rng: (rng.normal(size=(2, 12)),), SND(_u, "reorder_constraints", "n_features=4")),
    case(reorder_target, lambda rng: (rng.normal(size=12),), SND(_u, "reorder_constraints", "n_features=4, output_order='target', one constraint")),
    case(capped_simplex_quarter, lambda rng: (rng.uniform(0.0, 2.0, size=10),), SND(_u, "capped_simplex_projection", "trimming_fraction=0.25")),
    # optimizers
    case(_ind_inflection, lambda rng: (_losses(rng),), SND(_p + "ssr.py", "_ind_inflection")),
    case(_ind_inflection, lambda rng: (np.concatenate([_losses(rng)[:5], [0.0]]),), SND(_p + "ssr.py", "_ind_inflection", "a zero loss (the early return)"), name="pysindy._ind_inflection_zero"),
    case(remove_and_decrement, lambda rng: (np.arange(8) + rng.integers(0, 1),), SND(_p + "stlsq.py", "_remove_and_decrement", "vals_to_remove=[2, 5]")),
    case(remove_and_decrement_traced, lambda rng: (np.arange(8) + rng.integers(0, 1), np.array([1, 4]) + rng.integers(0, 1)), SND(_p + "stlsq.py", "_remove_and_decrement", "both arrays traced")),
    case(_normalize_features, lambda rng: (rng.normal(size=(NT, 4)),), SND(_p + "base.py", "_normalize_features")),
    case(log_evidence, lambda rng: (_spd(rng, 4), rng.normal(size=4), np.float64(rng.uniform(5.0, 10.0)), np.float64(rng.uniform(0.5, 2.0)), np.float64(rng.uniform(0.1, 1.0)), rng.normal(size=4)), SND(_p + "evidence_greedy.py", "_log_evidence_laplace_appx", "n_samples=30")),
    case(log_evidence_empty, lambda rng: (np.float64(rng.uniform(5.0, 10.0)), np.float64(rng.uniform(0.1, 1.0))), SND(_p + "evidence_greedy.py", "_log_evidence_laplace_appx", "the empty model")),
    case(pure_constraints, lambda rng: (), SND(_p + "trapping_sr3.py", "_pure_constraints", "3 targets, 9 terms")),
    case(_equality_constrained_linlsq, lambda rng: (_spd(rng, 6), rng.normal(size=6), rng.normal(size=(2, 6)), rng.normal(size=2)), SND(_p + "trapping_sr3.py", "_equality_constrained_linlsq")),
    case(_permutation_asymmetry, lambda rng: (rng.normal(size=(3, 3, 3)),), SND(_p + "trapping_sr3.py", "_permutation_asymmetry")),
    case(poly_features_3_2, lambda rng: (), SND("feature_library/polynomial_library.py", "n_poly_features", "3 inputs, degree 2, bias")),
    case(poly_features_interaction_only, lambda rng: (), SND("feature_library/polynomial_library.py", "n_poly_features", "4 inputs, degree 3, interaction_only")),
    # differentiation
    case(fd_order2, lambda rng: (_grid(rng)[1], np.float64(_grid(rng)[0][1])), SND("differentiation/finite_difference.py", "FiniteDifference._differentiate", "order=2, scalar dt, drop_endpoints")),
    case(fd_order1, lambda rng: (_grid(rng)[1], np.float64(_grid(rng)[0][1])), SND("differentiation/finite_difference.py", "FiniteDifference._differentiate", "order=1")),
    case(fd_order4, lambda rng: (_grid(rng)[1], np.float64(_grid(rng)[0][1])), SND("differentiation/finite_difference.py", "FiniteDifference._differentiate", "order=4")),
    case(fd_second_derivative, lambda rng: (_grid(rng)[1], np.float64(_grid(rng)[0][1])), SND("differentiation/finite_difference.py", "FiniteDifference._differentiate", "order=2, d=2")),
    case(fd_third_derivative, lambda rng: (_grid(rng)[1], np.float64(_grid(rng)[0][1])), SND("differentiation/finite_difference.py", "FiniteDifference._differentiate", "order=3, d=3")),
    case(fd_uniform_grid, lambda rng: (np.stack([_grid(rng)[1]] * 3, axis=1), _grid(rng)[0]), SND("differentiation/finite_difference.py", "FiniteDifference._differentiate", "is_uniform=True, t an array, 2-D x")),
    case(fd_axis_last, lambda rng: (np.stack([_grid(rng)[1]] * 3, axis=0), np.float64(_grid(rng)[0][1])), SND("differentiation/finite_difference.py", "FiniteDifference._differentiate", "axis=-1")),
    case(fd_order2_constant_dt, lambda rng: (_grid(rng)[1],), SND("differentiation/finite_difference.py", "FiniteDifference._differentiate", "order=2, dt=0.2 a constant")),
    case(fd_order3_d2_constant_dt, lambda rng: (np.stack([_grid(rng)[1]] * 3, axis=0),), SND("differentiation/finite_difference.py", "FiniteDifference._differentiate", "order=3, d=2, axis=1, dt=0.2 a constant")),
    case(spectral_constant_dt, lambda rng: (_grid(rng)[1],), SND("differentiation/spectral_derivative.py", "SpectralDerivative._differentiate", "d=3, dt=0.2 a constant")),
    case(log_evidence, lambda rng: (_spd(rng, 4), rng.normal(size=4), np.float64(rng.uniform(5.0, 10.0)), np.float64(rng.uniform(-60.0, -40.0)), np.float64(rng.uniform(0.5, 1.0)), rng.normal(size=4)), SND(_p + "evidence_greedy.py", "_log_evidence_laplace_appx", "alpha < 0: Lambda indefinite (the early return of -inf)"), name="pysindy.log_evidence_indefinite"),
    case(spectral_first, lambda rng: (_grid(rng)[1], np.float64(_grid(rng)[0][1])), SND("differentiation/spectral_derivative.py", "SpectralDerivative._differentiate", "d=1, scalar dt")),
    case(spectral_second_grid, lambda rng: (_grid(rng)[1], _grid(rng)[0]), SND("differentiation/spectral_derivative.py", "SpectralDerivative._differentiate", "d=2, t an array")),
    case(spectral_axis1, lambda rng: (np.stack([_grid(rng)[1]] * 3, axis=0), np.float64(_grid(rng)[0][1])), SND("differentiation/spectral_derivative.py", "SpectralDerivative._differentiate", "axis=1")),
]
