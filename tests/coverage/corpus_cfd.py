"""The 12 steps to Navier-Stokes (barbagroup/CFDPython, code BSD-3-Clause; lessons' text CC BY 3.0).

Copied from barbagroup/CFDPython at 92c8220070824e95402d83f193c4e496f4308dcb, the notebooks in
lessons/. The notebooks' time-stepping cells are scripts over globals: each becomes a function of
the arrays and parameters it reads (its name says which step), and returns what the cell computes.
``laplace2d``, ``build_up_b``, ``pressure_poisson`` and ``cavity_flow`` are the notebooks' own
functions. The module-level grid sizes ``nx``, ``ny`` and ``nit`` that ``cavity_flow`` and the
pressure solvers read as globals are kept as globals (smaller than the lessons', to run fast); the
global ``b`` that ``pressure_poisson_periodic`` reads becomes an argument. Comments and plots dropped;
the NumPy code is as in the lessons (``numpy.``-qualified).
"""

# ruff: noqa: E501, E741, N802, N803, N806
from __future__ import annotations

import numpy

from tests.coverage.cases import CFD, case

nx = 21
ny = 21
nit = 20


# lessons/01_Step_1.ipynb (the time loop)
def linear_convection_1d(u, nt, nx, dt, dx, c):
    un = numpy.ones(nx)
    for n in range(nt):
        un = u.copy()
        for i in range(1, nx):
            u[i] = un[i] - c * dt / dx * (un[i] - un[i-1])
    return u


# lessons/04_Step_3.ipynb
def diffusion_1d(u, nt, nx, nu, dt, dx):
    un = numpy.ones(nx)
    for n in range(nt):
        un = u.copy()
        for i in range(1, nx - 1):
            u[i] = un[i] + nu * dt / dx**2 * (un[i+1] - 2 * un[i] + un[i-1])
    return u


# lessons/05_Step_4.ipynb
def burgers_1d(u, nt, nx, dt, dx, nu):
    for n in range(nt):
        un = u.copy()
        for i in range(1, nx-1):
            u[i] = un[i] - un[i] * dt / dx *(un[i] - un[i-1]) + nu * dt / dx**2 *\
                    (un[i+1] - 2 * un[i] + un[i-1])
        u[0] = un[0] - un[0] * dt / dx * (un[0] - un[-2]) + nu * dt / dx**2 *\
                    (un[1] - 2 * un[0] + un[-2])
        u[-1] = u[0]
    return u


# lessons/07_Step_5.ipynb (the nested-loop version)
def linear_convection_2d_loops(u, nt, c, dt, dx, dy):
    for n in range(nt + 1):
        un = u.copy()
        row, col = u.shape
        for j in range(1, row):
            for i in range(1, col):
                u[j, i] = (un[j, i] - (c * dt / dx * (un[j, i] - un[j, i - 1])) -
                                      (c * dt / dy * (un[j, i] - un[j - 1, i])))
                u[0, :] = 1
                u[-1, :] = 1
                u[:, 0] = 1
                u[:, -1] = 1
    return u


# lessons/07_Step_5.ipynb (the array version)
def linear_convection_2d(u, nt, c, dt, dx, dy):
    for n in range(nt + 1):
        un = u.copy()
        u[1:, 1:] = (un[1:, 1:] - (c * dt / dx * (un[1:, 1:] - un[1:, :-1])) -
                                  (c * dt / dy * (un[1:, 1:] - un[:-1, 1:])))
        u[0, :] = 1
        u[-1, :] = 1
        u[:, 0] = 1
        u[:, -1] = 1
    return u


# lessons/08_Step_6.ipynb
def convection_2d(u, v, nt, c, dt, dx, dy):
    for n in range(nt + 1):
        un = u.copy()
        vn = v.copy()
        u[1:, 1:] = (un[1:, 1:] -
                     (un[1:, 1:] * c * dt / dx * (un[1:, 1:] - un[1:, :-1])) -
                      vn[1:, 1:] * c * dt / dy * (un[1:, 1:] - un[:-1, 1:]))
        v[1:, 1:] = (vn[1:, 1:] -
                     (un[1:, 1:] * c * dt / dx * (vn[1:, 1:] - vn[1:, :-1])) -
                     vn[1:, 1:] * c * dt / dy * (vn[1:, 1:] - vn[:-1, 1:]))

        u[0, :] = 1
        u[-1, :] = 1
        u[:, 0] = 1
        u[:, -1] = 1

        v[0, :] = 1
        v[-1, :] = 1
        v[:, 0] = 1
        v[:, -1] = 1
    return u, v


# lessons/09_Step_7.ipynb (diffuse: the global u and the parameters become arguments; the plot dropped)
def diffuse(u, nt, nu, dt, dx, dy):
    u[int(.5 / dy):int(1 / dy + 1),int(.5 / dx):int(1 / dx + 1)] = 2

    for n in range(nt + 1):
        un = u.copy()
        u[1:-1, 1:-1] = (un[1:-1,1:-1] +
                        nu * dt / dx**2 *
                        (un[1:-1, 2:] - 2 * un[1:-1, 1:-1] + un[1:-1, 0:-2]) +
                        nu * dt / dy**2 *
                        (un[2:,1: -1] - 2 * un[1:-1, 1:-1] + un[0:-2, 1:-1]))
        u[0, :] = 1
        u[-1, :] = 1
        u[:, 0] = 1
        u[:, -1] = 1
    return u


# lessons/10_Step_8.ipynb
def burgers_2d(u, v, nt, dt, dx, dy, nu):
    for n in range(nt + 1):
        un = u.copy()
        vn = v.copy()

        u[1:-1, 1:-1] = (un[1:-1, 1:-1] -
                         dt / dx * un[1:-1, 1:-1] *
                         (un[1:-1, 1:-1] - un[1:-1, 0:-2]) -
                         dt / dy * vn[1:-1, 1:-1] *
                         (un[1:-1, 1:-1] - un[0:-2, 1:-1]) +
                         nu * dt / dx**2 *
                         (un[1:-1,2:] - 2 * un[1:-1, 1:-1] + un[1:-1, 0:-2]) +
                         nu * dt / dy**2 *
                         (un[2:, 1:-1] - 2 * un[1:-1, 1:-1] + un[0:-2, 1:-1]))

        v[1:-1, 1:-1] = (vn[1:-1, 1:-1] -
                         dt / dx * un[1:-1, 1:-1] *
                         (vn[1:-1, 1:-1] - vn[1:-1, 0:-2]) -
                         dt / dy * vn[1:-1, 1:-1] *
                        (vn[1:-1, 1:-1] - vn[0:-2, 1:-1]) +
                         nu * dt / dx**2 *
                         (vn[1:-1, 2:] - 2 * vn[1:-1, 1:-1] + vn[1:-1, 0:-2]) +
                         nu * dt / dy**2 *
                         (vn[2:, 1:-1] - 2 * vn[1:-1, 1:-1] + vn[0:-2, 1:-1]))

        u[0, :] = 1
        u[-1, :] = 1
        u[:, 0] = 1
        u[:, -1] = 1

        v[0, :] = 1
        v[-1, :] = 1
        v[:, 0] = 1
        v[:, -1] = 1
    return u, v


# lessons/12_Step_9.ipynb
def laplace2d(p, y, dx, dy, l1norm_target):
    l1norm = 1
    pn = numpy.empty_like(p)

    while l1norm > l1norm_target:
        pn = p.copy()
        p[1:-1, 1:-1] = ((dy**2 * (pn[1:-1, 2:] + pn[1:-1, 0:-2]) +
                         dx**2 * (pn[2:, 1:-1] + pn[0:-2, 1:-1])) /
                        (2 * (dx**2 + dy**2)))

        p[:, 0] = 0
        p[:, -1] = y
        p[0, :] = p[1, :]
        p[-1, :] = p[-2, :]
        l1norm = (numpy.sum(numpy.abs(p[:]) - numpy.abs(pn[:])) /
                numpy.sum(numpy.abs(pn[:])))

    return p


# lessons/13_Step_10.ipynb
def poisson_2d(p, b, nt, nx, ny, dx, dy):
    for it in range(nt):

        pd = p.copy()

        p[1:-1,1:-1] = (((pd[1:-1, 2:] + pd[1:-1, :-2]) * dy**2 +
                        (pd[2:, 1:-1] + pd[:-2, 1:-1]) * dx**2 -
                        b[1:-1, 1:-1] * dx**2 * dy**2) /
                        (2 * (dx**2 + dy**2)))

        p[0, :] = 0
        p[ny-1, :] = 0
        p[:, 0] = 0
        p[:, nx-1] = 0
    return p


# lessons/14_Step_11.ipynb
def build_up_b(b, rho, dt, u, v, dx, dy):

    b[1:-1, 1:-1] = (rho * (1 / dt *
                    ((u[1:-1, 2:] - u[1:-1, 0:-2]) /
                     (2 * dx) + (v[2:, 1:-1] - v[0:-2, 1:-1]) / (2 * dy)) -
                    ((u[1:-1, 2:] - u[1:-1, 0:-2]) / (2 * dx))**2 -
                      2 * ((u[2:, 1:-1] - u[0:-2, 1:-1]) / (2 * dy) *
                           (v[1:-1, 2:] - v[1:-1, 0:-2]) / (2 * dx))-
                          ((v[2:, 1:-1] - v[0:-2, 1:-1]) / (2 * dy))**2))

    return b


def pressure_poisson(p, dx, dy, b):
    pn = numpy.empty_like(p)
    pn = p.copy()

    for q in range(nit):
        pn = p.copy()
        p[1:-1, 1:-1] = (((pn[1:-1, 2:] + pn[1:-1, 0:-2]) * dy**2 +
                          (pn[2:, 1:-1] + pn[0:-2, 1:-1]) * dx**2) /
                          (2 * (dx**2 + dy**2)) -
                          dx**2 * dy**2 / (2 * (dx**2 + dy**2)) *
                          b[1:-1,1:-1])

        p[:, -1] = p[:, -2]
        p[0, :] = p[1, :]
        p[:, 0] = p[:, 1]
        p[-1, :] = 0

    return p


def cavity_flow(nt, u, v, dt, dx, dy, p, rho, nu):
    un = numpy.empty_like(u)
    vn = numpy.empty_like(v)
    b = numpy.zeros((ny, nx))

    for n in range(nt):
        un = u.copy()
        vn = v.copy()

        b = build_up_b(b, rho, dt, u, v, dx, dy)
        p = pressure_poisson(p, dx, dy, b)

        u[1:-1, 1:-1] = (un[1:-1, 1:-1]-
                         un[1:-1, 1:-1] * dt / dx *
                        (un[1:-1, 1:-1] - un[1:-1, 0:-2]) -
                         vn[1:-1, 1:-1] * dt / dy *
                        (un[1:-1, 1:-1] - un[0:-2, 1:-1]) -
                         dt / (2 * rho * dx) * (p[1:-1, 2:] - p[1:-1, 0:-2]) +
                         nu * (dt / dx**2 *
                        (un[1:-1, 2:] - 2 * un[1:-1, 1:-1] + un[1:-1, 0:-2]) +
                         dt / dy**2 *
                        (un[2:, 1:-1] - 2 * un[1:-1, 1:-1] + un[0:-2, 1:-1])))

        v[1:-1,1:-1] = (vn[1:-1, 1:-1] -
                        un[1:-1, 1:-1] * dt / dx *
                       (vn[1:-1, 1:-1] - vn[1:-1, 0:-2]) -
                        vn[1:-1, 1:-1] * dt / dy *
                       (vn[1:-1, 1:-1] - vn[0:-2, 1:-1]) -
                        dt / (2 * rho * dy) * (p[2:, 1:-1] - p[0:-2, 1:-1]) +
                        nu * (dt / dx**2 *
                       (vn[1:-1, 2:] - 2 * vn[1:-1, 1:-1] + vn[1:-1, 0:-2]) +
                        dt / dy**2 *
                       (vn[2:, 1:-1] - 2 * vn[1:-1, 1:-1] + vn[0:-2, 1:-1])))

        u[0, :]  = 0
        u[:, 0]  = 0
        u[:, -1] = 0
        u[-1, :] = 1
        v[0, :]  = 0
        v[-1, :] = 0
        v[:, 0]  = 0
        v[:, -1] = 0

    return u, v, p


# lessons/15_Step_12.ipynb (build_up_b renamed: Step 11 has one of the same name)
def build_up_b_periodic(rho, dt, dx, dy, u, v):
    b = numpy.zeros_like(u)
    b[1:-1, 1:-1] = (rho * (1 / dt * ((u[1:-1, 2:] - u[1:-1, 0:-2]) / (2 * dx) +
                                      (v[2:, 1:-1] - v[0:-2, 1:-1]) / (2 * dy)) -
                            ((u[1:-1, 2:] - u[1:-1, 0:-2]) / (2 * dx))**2 -
                            2 * ((u[2:, 1:-1] - u[0:-2, 1:-1]) / (2 * dy) *
                                 (v[1:-1, 2:] - v[1:-1, 0:-2]) / (2 * dx))-
                            ((v[2:, 1:-1] - v[0:-2, 1:-1]) / (2 * dy))**2))

    b[1:-1, -1] = (rho * (1 / dt * ((u[1:-1, 0] - u[1:-1,-2]) / (2 * dx) +
                                    (v[2:, -1] - v[0:-2, -1]) / (2 * dy)) -
                          ((u[1:-1, 0] - u[1:-1, -2]) / (2 * dx))**2 -
                          2 * ((u[2:, -1] - u[0:-2, -1]) / (2 * dy) *
                               (v[1:-1, 0] - v[1:-1, -2]) / (2 * dx)) -
                          ((v[2:, -1] - v[0:-2, -1]) / (2 * dy))**2))

    b[1:-1, 0] = (rho * (1 / dt * ((u[1:-1, 1] - u[1:-1, -1]) / (2 * dx) +
                                   (v[2:, 0] - v[0:-2, 0]) / (2 * dy)) -
                         ((u[1:-1, 1] - u[1:-1, -1]) / (2 * dx))**2 -
                         2 * ((u[2:, 0] - u[0:-2, 0]) / (2 * dy) *
                              (v[1:-1, 1] - v[1:-1, -1]) / (2 * dx))-
                         ((v[2:, 0] - v[0:-2, 0]) / (2 * dy))**2))

    return b


def pressure_poisson_periodic(p, dx, dy, b):
    pn = numpy.empty_like(p)

    for q in range(nit):
        pn = p.copy()
        p[1:-1, 1:-1] = (((pn[1:-1, 2:] + pn[1:-1, 0:-2]) * dy**2 +
                          (pn[2:, 1:-1] + pn[0:-2, 1:-1]) * dx**2) /
                         (2 * (dx**2 + dy**2)) -
                         dx**2 * dy**2 / (2 * (dx**2 + dy**2)) * b[1:-1, 1:-1])

        p[1:-1, -1] = (((pn[1:-1, 0] + pn[1:-1, -2])* dy**2 +
                        (pn[2:, -1] + pn[0:-2, -1]) * dx**2) /
                       (2 * (dx**2 + dy**2)) -
                       dx**2 * dy**2 / (2 * (dx**2 + dy**2)) * b[1:-1, -1])

        p[1:-1, 0] = (((pn[1:-1, 1] + pn[1:-1, -1])* dy**2 +
                       (pn[2:, 0] + pn[0:-2, 0]) * dx**2) /
                      (2 * (dx**2 + dy**2)) -
                      dx**2 * dy**2 / (2 * (dx**2 + dy**2)) * b[1:-1, 0])

        p[-1, :] =p[-2, :]
        p[0, :] = p[1, :]

    return p


def channel_flow(u, v, p, dx, dy, rho, nu, F, dt):
    udiff = 1
    stepcount = 0

    while udiff > .001:
        un = u.copy()
        vn = v.copy()

        b = build_up_b_periodic(rho, dt, dx, dy, u, v)
        p = pressure_poisson_periodic(p, dx, dy, b)

        u[1:-1, 1:-1] = (un[1:-1, 1:-1] -
                         un[1:-1, 1:-1] * dt / dx *
                        (un[1:-1, 1:-1] - un[1:-1, 0:-2]) -
                         vn[1:-1, 1:-1] * dt / dy *
                        (un[1:-1, 1:-1] - un[0:-2, 1:-1]) -
                         dt / (2 * rho * dx) *
                        (p[1:-1, 2:] - p[1:-1, 0:-2]) +
                         nu * (dt / dx**2 *
                        (un[1:-1, 2:] - 2 * un[1:-1, 1:-1] + un[1:-1, 0:-2]) +
                         dt / dy**2 *
                        (un[2:, 1:-1] - 2 * un[1:-1, 1:-1] + un[0:-2, 1:-1])) +
                         F * dt)

        v[1:-1, 1:-1] = (vn[1:-1, 1:-1] -
                         un[1:-1, 1:-1] * dt / dx *
                        (vn[1:-1, 1:-1] - vn[1:-1, 0:-2]) -
                         vn[1:-1, 1:-1] * dt / dy *
                        (vn[1:-1, 1:-1] - vn[0:-2, 1:-1]) -
                         dt / (2 * rho * dy) *
                        (p[2:, 1:-1] - p[0:-2, 1:-1]) +
                         nu * (dt / dx**2 *
                        (vn[1:-1, 2:] - 2 * vn[1:-1, 1:-1] + vn[1:-1, 0:-2]) +
                         dt / dy**2 *
                        (vn[2:, 1:-1] - 2 * vn[1:-1, 1:-1] + vn[0:-2, 1:-1])))

        u[1:-1, -1] = (un[1:-1, -1] - un[1:-1, -1] * dt / dx *
                      (un[1:-1, -1] - un[1:-1, -2]) -
                       vn[1:-1, -1] * dt / dy *
                      (un[1:-1, -1] - un[0:-2, -1]) -
                       dt / (2 * rho * dx) *
                      (p[1:-1, 0] - p[1:-1, -2]) +
                       nu * (dt / dx**2 *
                      (un[1:-1, 0] - 2 * un[1:-1,-1] + un[1:-1, -2]) +
                       dt / dy**2 *
                      (un[2:, -1] - 2 * un[1:-1, -1] + un[0:-2, -1])) + F * dt)

        u[1:-1, 0] = (un[1:-1, 0] - un[1:-1, 0] * dt / dx *
                     (un[1:-1, 0] - un[1:-1, -1]) -
                      vn[1:-1, 0] * dt / dy *
                     (un[1:-1, 0] - un[0:-2, 0]) -
                      dt / (2 * rho * dx) *
                     (p[1:-1, 1] - p[1:-1, -1]) +
                      nu * (dt / dx**2 *
                     (un[1:-1, 1] - 2 * un[1:-1, 0] + un[1:-1, -1]) +
                      dt / dy**2 *
                     (un[2:, 0] - 2 * un[1:-1, 0] + un[0:-2, 0])) + F * dt)

        v[1:-1, -1] = (vn[1:-1, -1] - un[1:-1, -1] * dt / dx *
                      (vn[1:-1, -1] - vn[1:-1, -2]) -
                       vn[1:-1, -1] * dt / dy *
                      (vn[1:-1, -1] - vn[0:-2, -1]) -
                       dt / (2 * rho * dy) *
                      (p[2:, -1] - p[0:-2, -1]) +
                       nu * (dt / dx**2 *
                      (vn[1:-1, 0] - 2 * vn[1:-1, -1] + vn[1:-1, -2]) +
                       dt / dy**2 *
                      (vn[2:, -1] - 2 * vn[1:-1, -1] + vn[0:-2, -1])))

        v[1:-1, 0] = (vn[1:-1, 0] - un[1:-1, 0] * dt / dx *
                     (vn[1:-1, 0] - vn[1:-1, -1]) -
                      vn[1:-1, 0] * dt / dy *
                     (vn[1:-1, 0] - vn[0:-2, 0]) -
                      dt / (2 * rho * dy) *
                     (p[2:, 0] - p[0:-2, 0]) +
                      nu * (dt / dx**2 *
                     (vn[1:-1, 1] - 2 * vn[1:-1, 0] + vn[1:-1, -1]) +
                      dt / dy**2 *
                     (vn[2:, 0] - 2 * vn[1:-1, 0] + vn[0:-2, 0])))

        u[0, :] = 0
        u[-1, :] = 0
        v[0, :] = 0
        v[-1, :]=0

        udiff = (numpy.sum(u) - numpy.sum(un)) / numpy.sum(u)
        stepcount += 1
    return u, v, p, stepcount


# --- inputs: the lessons' initial conditions, with a small random perturbation --------------------

def _hat_1d(rng, n):
    dx = 2 / (n - 1)
    u = numpy.ones(n) + rng.uniform(0, 0.05, size=n)
    u[int(.5 / dx):int(1 / dx + 1)] = 2
    return u, dx


def _hat_2d(rng, n):
    d = 2 / (n - 1)
    u = numpy.ones((n, n)) + rng.uniform(0, 0.05, size=(n, n))
    u[int(.5 / d):int(1 / d + 1), int(.5 / d):int(1 / d + 1)] = 2
    return u, d


def _step1(rng):
    u, dx = _hat_1d(rng, 21)
    return u, 10, 21, .025, dx, 1


def _step3(rng):
    u, dx = _hat_1d(rng, 21)
    return u, 10, 21, 0.3, .2 * dx**2 / 0.3, dx


def _step4(rng):
    n = 31
    x = numpy.linspace(0, 2 * numpy.pi, n)
    u = 4 + numpy.sin(x) * rng.uniform(0.5, 1.0)
    dx = 2 * numpy.pi / (n - 1)
    return u, 20, n, dx * .07, dx, .07


def _step5(rng, n=11):
    u, d = _hat_2d(rng, n)
    return u, 5, 1, .2 * d, d, d


def _step6(rng, n=21):
    u, d = _hat_2d(rng, n)
    v, _ = _hat_2d(rng, n)
    return u, v, 10, 1, .2 * d, d, d


def _step7(rng, n=21):
    u, d = _hat_2d(rng, n)
    return u, 10, .05, .25 * d * d / .05, d, d


def _step8(rng, n=21):
    u, d = _hat_2d(rng, n)
    v, _ = _hat_2d(rng, n)
    return u, v, 20, .0009 * d * d / 0.01, d, d, 0.01


def _step9(rng, n=21):
    y = numpy.linspace(0, 1, n)
    p = rng.uniform(0, 0.1, size=(n, n))
    return p, y, 2 / (n - 1), 1 / (n - 1), 1e-4


def _step10(rng, n=21):
    b = numpy.zeros((n, n))
    b[int(n / 4), int(n / 4)] = 100 * rng.uniform(0.5, 1.5)
    b[int(3 * n / 4), int(3 * n / 4)] = -100
    return rng.uniform(0, 0.1, size=(n, n)), b, 20, n, n, 2 / (n - 1), 1 / (n - 1)


def _flow(rng):
    d = 2 / (nx - 1)
    u = rng.uniform(0, 0.1, size=(ny, nx))
    v = rng.uniform(0, 0.1, size=(ny, nx))
    return u, v, d


def _step11_b(rng):
    u, v, d = _flow(rng)
    return numpy.zeros((ny, nx)), 1, .001, u, v, d, d


def _step11_p(rng):
    u, v, d = _flow(rng)
    return rng.uniform(0, 0.1, size=(ny, nx)), d, d, rng.normal(size=(ny, nx))


def _cavity(rng):
    u, v, d = _flow(rng)
    return 10, u, v, .001, d, d, numpy.zeros((ny, nx)), 1, .1


def _channel(rng):
    u, v, d = _flow(rng)
    return u, v, numpy.ones((ny, nx)), d, d, 1, .1, 1, .01


_S = "lessons/{:02d}_Step_{}.ipynb"
_CELL = "the time-stepping cell, as a function of what it reads"

CASES = [
    case(linear_convection_1d, _step1, CFD(_S.format(1, 1), "1-D linear convection", _CELL)),
    case(diffusion_1d, _step3, CFD(_S.format(4, 3), "1-D diffusion", _CELL)),
    case(burgers_1d, _step4, CFD(_S.format(5, 4), "1-D Burgers", _CELL + "; a smooth initial u instead of the sympy one")),
    case(linear_convection_2d_loops, _step5, CFD(_S.format(7, 5), "2-D linear convection, nested loops", _CELL)),
    case(linear_convection_2d, lambda rng: _step5(rng, 21), CFD(_S.format(7, 5), "2-D linear convection, arrays", _CELL)),
    case(convection_2d, _step6, CFD(_S.format(8, 6), "2-D convection", _CELL)),
    case(diffuse, _step7, CFD(_S.format(9, 7), "diffuse", "the global u and the parameters become arguments; the plot dropped")),
    case(burgers_2d, _step8, CFD(_S.format(10, 8), "2-D Burgers", _CELL)),
    case(laplace2d, _step9, CFD(_S.format(12, 9), "laplace2d")),
    case(poisson_2d, _step10, CFD(_S.format(13, 10), "2-D Poisson", _CELL)),
    case(build_up_b, _step11_b, CFD(_S.format(14, 11), "build_up_b")),
    case(pressure_poisson, _step11_p, CFD(_S.format(14, 11), "pressure_poisson")),
    case(cavity_flow, _cavity, CFD(_S.format(14, 11), "cavity_flow")),
    case(build_up_b_periodic, lambda rng: (1, .01, *(_flow(rng)[2],) * 2, *_flow(rng)[:2]), CFD(_S.format(15, 12), "build_up_b", "renamed build_up_b_periodic")),
    case(pressure_poisson_periodic, _step11_p, CFD(_S.format(15, 12), "pressure_poisson_periodic", "the global b becomes an argument")),
    case(channel_flow, _channel, CFD(_S.format(15, 12), "channel flow", _CELL + " (the while loop until udiff <= .001)")),
]
