"""The pythran project's NumPy kernels (serge-sans-paille/numpy-benchmarks, BSD-3-Clause).

Copied from serge-sans-paille/numpy-benchmarks at 2039a6d1247327b20089f85ee37ff0637f43b7f2, the files
in numpy_benchmarks/benchmarks/: one kernel per file (with its helpers), collected there from Stack
Overflow answers, the parakeet test bed, SciPy's cookbook and pythran's issues (each file's ``#from:``
line names its origin), and run by the file's ``#setup:`` / ``#run:`` comment lines. The inputs here
are those lines' inputs with smaller sizes and iteration counts, random where the setup uses
``np.ones``/``np.arange`` (``cma_pt``, ``slowparts``, ``specialconvolve``). ``diffusion`` updates its
arguments in place and returns nothing: a ``return`` is added (marked). ``local_maxima`` also runs
with its file's other two boundary modes, ``clamp`` and ``reflect``. Docstrings dropped; the NumPy
code and the control flow are as in the source (``grayscott``'s ``n = 280`` is kept: its inputs are
280 x 280).
"""

# ruff: noqa: E501, E741, N802, N803, N806, E111, E114, E117, E225, E231, E261, E262, E266, E301, E302, E303, E305
from __future__ import annotations

import numpy
import numpy as np
from numpy import power, tanh, zeros

from tests.coverage.cases import NB, case

_B = "numpy_benchmarks/benchmarks/"


# arc_distance.py
def arc_distance(theta_1, phi_1,
                       theta_2, phi_2):
    temp = np.sin((theta_2-theta_1)/2)**2+np.cos(theta_1)*np.cos(theta_2)*np.sin((phi_2-phi_1)/2)**2
    distance_matrix = 2 * (np.arctan2(np.sqrt(temp),np.sqrt(1-temp)))
    return distance_matrix


# check_mask.py
def check_mask(db, mask=(1, 0, 1)):
    out = np.zeros(db.shape[0],dtype=bool)
    for idx, line in enumerate(db):
        target, vector = line[0], line[1:]
        if (mask == np.bitwise_and(mask, vector)).all():
            if target == 1:
                out[idx] = 1
    return out


# cma_pt.py
def apply_filter_pt(E, wx):
    Xest = np.sum(E*np.conj(wx))
    return Xest

def cma_pt(E, wxy, mu, R, os):
    pols, L = E.shape
    assert wxy.shape[0] == pols
    assert wxy.shape[1] == pols
    ntaps = wxy.shape[-1]
    N = (L//os//ntaps-1)*ntaps
    err = np.zeros((pols, L), dtype=np.complex128)
    for k in range(pols):
        for i in range(N):
            X = E[:, i*os:i*os+ntaps]
            Xest = apply_filter_pt(X, wxy[k])
            err[k,i] = (R-abs(Xest)**2)*Xest
            wxy[k] += mu*np.conj(err[k,i])*X
    return err, wxy


# create_grid.py
def create_grid(x):
    N = x.shape[0]
    z = np.zeros((N, N, 3))
    z[:,:,0] = x.reshape(-1,1)
    z[:,:,1] = x
    fast_grid = z.reshape(N*N, 3)
    return fast_grid


# cronbach.py
def cronbach(itemscores):
    itemvars = itemscores.var(axis=1, ddof=1)
    tscores = itemscores.sum(axis=0)
    nitems = len(itemscores)
    return nitems / (nitems-1) * (1 - itemvars.sum() / tscores.var(ddof=1))


# diffusion.py
def diffusion(u, tempU, iterNum):
    mu = .1

    for n in range(iterNum):
        tempU[1:-1, 1:-1] = u[1:-1, 1:-1] + mu * (
            u[2:, 1:-1] - 2 * u[1:-1, 1:-1] + u[0:-2, 1:-1] +
            u[1:-1, 2:] - 2 * u[1:-1, 1:-1] + u[1:-1, 0:-2])
        u[:, :] = tempU[:, :]
        tempU[:, :] = 0.0
    return u  # (added: the source updates u in place and returns nothing)


# euclidean_distance_square.py
def euclidean_distance_square(x1, x2):
    return -2*np.dot(x1, x2.T) + np.sum(np.square(x1), axis=1)[:, np.newaxis] + np.sum(np.square(x2), axis=1)


# evolve.py
def laplacian(grid):
    return np.roll(grid, +1, 0) + np.roll(grid, -1, 0) + np.roll(grid, +1, 1) + np.roll(grid, -1, 1) - 4 * grid

def evolve(grid, dt, D=1):
    return grid + dt * D * laplacian(grid)


# grayscott.py
def grayscott(counts, Du, Dv, F, k, ru, rv):
    n = 280
    U = np.zeros((n+2,n+2), dtype=np.float32)
    V = np.zeros((n+2,n+2), dtype=np.float32)
    u, v = U[1:-1,1:-1], V[1:-1,1:-1]

    r = 20
    u[:] = 1.0
    U[n//2-r:n//2+r,n//2-r:n//2+r] = 0.50
    V[n//2-r:n//2+r,n//2-r:n//2+r] = 0.25
    u += 0.15*ru
    v += 0.15*rv

    for i in range(counts):
        Lu = (                 U[0:-2,1:-1] +
              U[1:-1,0:-2] - 4*U[1:-1,1:-1] + U[1:-1,2:] +
                               U[2:  ,1:-1] )
        Lv = (                 V[0:-2,1:-1] +
              V[1:-1,0:-2] - 4*V[1:-1,1:-1] + V[1:-1,2:] +
                               V[2:  ,1:-1] )
        uvv = u*v*v
        u += Du*Lu - uvv + F*(1 - u)
        v += Dv*Lv + uvv - (F + k)*v

    return V


# grouping.py
def grouping(values):
    import numpy as np
    diff = np.concatenate(([1], np.diff(values)))
    idx = np.concatenate((np.where(diff)[0], [len(values)]))
    return values[idx[:-1]], np.diff(idx)


# harris.py
def harris(I):
  m,n = I.shape
  dx = (I[1:, :] - I[:m-1, :])[:, 1:]
  dy = (I[:, 1:] - I[:, :n-1])[1:, :]

  #
  #   At each point we build a matrix
  #   of derivative products
  #   M =
  #   | A = dx^2     C = dx * dy |
  #   | C = dy * dx  B = dy * dy |
  #
  #   and the score at that point is:
  #      det(M) - k*trace(M)^2
  #
  A = dx * dx
  B = dy * dy
  C = dx * dy
  tr = A + B
  det = A * B - C * C
  k = 0.05
  return det - k * tr * tr


# hasting.py
def hasting(y, t, a1, a2, b1, b2, d1, d2):
    yprime = np.empty((3,))
    yprime[0] = y[0] * (1. - y[0]) - a1*y[0]*y[1]/(1. + b1 * y[0])
    yprime[1] = a1*y[0]*y[1] / (1. + b1 * y[0]) - a2 * y[1]*y[2] / (1. + b2 * y[1]) - d1 * y[1]
    yprime[2] = a2*y[1]*y[2]/(1. + b2*y[1]) - d2*y[2]
    return yprime


# l1norm.py
def l1norm(x, y):
    return np.sum(np.abs(x[:, None, :] - y), axis=-1)


# l2norm.py
def l2norm(x):
    return np.sqrt(np.sum(np.abs(x)**2, 1))


# laplacien.py
def laplacien(image):
        out_image = np.abs(4*image[1:-1,1:-1] -
                                       image[0:-2,1:-1] - image[2:,1:-1] -
                                       image[1:-1,0:-2] - image[1:-1,2:])
        valmax = np.max(out_image)
        valmax = max(1.,valmax)+1.E-9
        out_image /= valmax
        return out_image


# local_maxima.py
def wrap(pos, offset, bound):
    return ( pos + offset ) % bound

def clamp(pos, offset, bound):
    return min(bound-1,max(0,pos+offset))

def reflect(pos, offset, bound):
    idx = pos+offset
    return min(2*(bound-1)-idx,max(idx,-idx))


def local_maxima(data, mode=wrap):
  wsize = data.shape
  result = np.ones(data.shape, bool)
  for pos in np.ndindex(data.shape):
    myval = data[pos]
    for offset in np.ndindex(wsize):
      neighbor_idx = tuple(mode(p, o-w//2, w) for (p, o, w) in zip(pos, offset, wsize))
      result[pos] &= (data[neighbor_idx] <= myval)
  return result


# log_likelihood.py
def log_likelihood(data, mean, sigma):
    s = (data - mean) ** 2 / (2 * (sigma ** 2))
    pdfs = numpy.exp(- s)
    pdfs /= numpy.sqrt(2 * numpy.pi) * sigma
    return numpy.log(pdfs).sum()


# lstsqr.py
def lstsqr(x, y):
    x_avg = np.average(x)
    y_avg = np.average(y)
    dx = x - x_avg
    dy = y - y_avg
    var_x = np.sum(dx**2)
    cov_xy = np.sum(dx * dy)
    slope = cov_xy / var_x
    y_interc = y_avg - slope*x_avg
    return (slope, y_interc)


# make_decision.py
def make_decision(E, symbols):
    L = E.shape[0]
    syms_out = np.zeros(L, dtype=E.dtype)
    for i in range(L):
        im = np.argmin(abs(E[i]-symbols)**2)
        syms_out[i] = symbols[im]
    return syms_out


# mandelbrot.py
def mandelbrot(xmin, xmax, ymin, ymax, xn, yn, maxiter, horizon):
    X = np.linspace(xmin, xmax, int(xn))
    Y = np.linspace(ymin, ymax, int(yn))
    C = X + Y[:, None]*1j
    N = np.zeros(C.shape, dtype=np.int64)
    Z = np.zeros(C.shape, np.complex128)
    for n in range(maxiter):
        I = np.less(np.abs(Z), horizon)
        N[I] = n
        Z[I] = Z[I]**2 + C[I]
    N[N == maxiter-1] = 0
    return Z, N


# multiple_sum.py
def multiple_sum(array):

    rows = array.shape[0]
    cols = array.shape[1]

    out = np.zeros((rows, cols))

    for row in range(0, rows):
        out[row, :] = np.sum(array - array[row, :], 0)

    return out


# normalize_complex_arr.py
def normalize_complex_arr(a):
    a_oo = a - a.real.min() - 1j*a.imag.min() # origin offsetted
    return a_oo/np.abs(a_oo).max()


# pairwise.py
def pairwise(pts):
    return np.sum((pts[None,:] - pts[:, None])**2, -1)**0.5


# periodic_dist.py
def periodic_dist(x, y, z, L, periodicX, periodicY, periodicZ):
    N = len(x)
    xtemp = np.tile(x,(N,1))
    dx = xtemp - xtemp.T
    ytemp = np.tile(y,(N,1))
    dy = ytemp - ytemp.T
    ztemp = np.tile(z,(N,1))
    dz = ztemp - ztemp.T

    # Particles 'feel' each other across the periodic boundaries
    if periodicX:
        dx[dx>L/2]=dx[dx > L/2]-L
        dx[dx<-L/2]=dx[dx < -L/2]+L

    if periodicY:
        dy[dy>L/2]=dy[dy>L/2]-L
        dy[dy<-L/2]=dy[dy<-L/2]+L

    if periodicZ:
        dz[dz>L/2]=dz[dz>L/2]-L
        dz[dz<-L/2]=dz[dz<-L/2]+L

    # Total Distances
    d = np.sqrt(dx**2+dy**2+dz**2)

    # Mark zero entries with negative 1 to avoid divergences
    d[d==0] = -1

    return d, dx, dy, dz


# repeating.py
def repeating(x, nvar_y):
    nvar_x = x.shape[0]
    y = np.empty(nvar_x*(1+nvar_y))
    y[0:nvar_x] = x[0:nvar_x]
    y[nvar_x:] = np.repeat(x,nvar_y)
    return y


# reverse_cumsum.py
def reverse_cumsum(x):
    return np.cumsum(x[::-1])[::-1]


# rosen.py
def rosen(x):
    t0 = 100 * (x[1:] - x[:-1] ** 2) ** 2
    t1 = (1 - x[:-1]) ** 2
    return np.sum(t0 + t1)


# slowparts.py
def slowparts(d, re, preDz, preWz, SRW, RSW, yxV, xyU, resid):
    fprime = lambda x: 1 - power(tanh(x), 2)

    partialDU = zeros((d+1, re, 2*d, d))
    for k in range(2*d):
        for i in range(d):
            partialDU[:,:,k,i] = fprime(preDz[k]) * fprime(preWz[i]) * (SRW[i,k] + RSW[i,k]) * yxV[:,:,i]

    return partialDU


# specialconvolve.py
def specialconvolve(a):
    # sorry, you must pad the input yourself
    rowconvol = a[1:-1,:] + a[:-2,:] + a[2:,:]
    colconvol = rowconvol[:,1:-1] + rowconvol[:,:-2] + rowconvol[:,2:] - 9*a[1:-1,1:-1]
    return colconvol


# vibr_energy.py
def vibr_energy(harmonic, anharmonic, i):
    return numpy.exp(-harmonic * i - anharmonic * (i ** 2))


# wave.py
def physics(masspoints, dt, plunk, which):
  ppos = masspoints[1]
  cpos = masspoints[0]
  N = cpos.shape[0]
  # apply hooke's law
  HOOKE_K = 2100000.
  DAMPING = 0.0001
  MASS = .01

  force = np.zeros((N, 2))
  for i in range(1, N):
    dx, dy = cpos[i] - cpos[i - 1]
    dist = np.sqrt(dx**2 + dy**2)
    assert dist != 0
    fmag = -HOOKE_K * dist
    cosine = dx / dist
    sine = dy / dist
    fvec = np.array([fmag * cosine, fmag * sine])
    force[i - 1] -= fvec
    force[i] += fvec

  force[0] = force[-1] = 0, 0
  force[which][1] += plunk
  accel = force / MASS

  # verlet integration
  npos = (2 - DAMPING) * cpos - (1 - DAMPING) * ppos + accel * (dt**2)

  masspoints[1] = cpos
  masspoints[0] = npos

def wave(PARTICLE_COUNT):
    SUBDIVISION = 300
    FRAMERATE = 60
    count = PARTICLE_COUNT
    width, height = 1200, 400

    masspoints = np.empty((2, count, 2), np.float64)
    initpos = np.zeros(count, np.float64)
    for i in range(1, count):
        initpos[i] = initpos[i - 1] + float(width) / count
    masspoints[:, :, 0] = initpos
    masspoints[:, :, 1] = height / 2
    f = 15
    plunk_pos = count // 2
    physics( masspoints, 1./ (SUBDIVISION * FRAMERATE), f, plunk_pos)
    return masspoints


# wdist.py
def wdist(A, B, W):

    k,m = A.shape
    _,n = B.shape
    D = np.zeros((m, n))

    for ii in range(m):
        for jj in range(n):
            wdiff = (A[:,ii] - B[:,jj]) / W[:,ii]
            D[ii,jj] = np.sqrt((wdiff**2).sum())
    return D


# --- inputs (the files' #setup: lines, smaller) -----------------------------------------------

def _cma_pt(rng):
    L, ntaps = 60, 5
    E = rng.normal(size=(2, L)) + 1j * rng.normal(size=(2, L))
    wxy0 = np.zeros((2, 2, ntaps), dtype=np.complex128)
    wxy0[0][0][ntaps // 2] = wxy0[1][1][ntaps // 2] = 1
    return E, wxy0, 1e-3, 1., 2


def _diffusion(rng):
    lx, ly = 12, 12
    u = np.zeros([lx, ly], dtype=np.double)
    u[lx // 2, ly // 2] = 1000.0 * rng.uniform(0.5, 1.5)
    return u, np.zeros([lx, ly], dtype=np.double), 10


def _evolve(rng):
    grid = np.zeros((16, 16))
    grid[6:8, 6:8] = 0.005 * rng.uniform(0.5, 1.5)
    return grid, 0.1


def _grouping(rng):
    values = np.array(rng.integers(0, 12, size=40), dtype="u4")
    values.sort()
    return (values,)


def _make_decision(rng):
    s = rng.normal(size=16) + rng.normal(size=16) * 1.j
    return s, rng.choice(s, 4)


def _local_maxima(mode):
    return lambda rng: (rng.permutation(18).astype(np.float64).reshape(3, 3, 2), mode)


def _slowparts(rng):
    d, re = 3, 2
    return (d, re, rng.normal(size=(2 * d, d + 1, re)), rng.normal(size=(d, d + 1, re)), rng.normal(size=(d, 2 * d)),
            rng.normal(size=(d, 2 * d)), rng.normal(size=(d + 1, re, d)), rng.normal(size=(d + 1, re, d)), 1)


CASES = [
    case(arc_distance, lambda rng: tuple(rng.normal(size=50) for _ in range(4)), NB(_B + "arc_distance.py", "arc_distance")),
    case(check_mask, lambda rng: (np.array(rng.integers(2, size=(20, 4)), dtype=bool),), NB(_B + "check_mask.py", "check_mask")),
    case(cma_pt, _cma_pt, NB(_B + "cma_pt.py", "cma_pt", "random E instead of ones; 5 taps instead of 21")),
    case(create_grid, lambda rng: (np.sort(rng.uniform(0, 1, 8)),), NB(_B + "create_grid.py", "create_grid")),
    case(cronbach, lambda rng: (rng.random((10, 10)),), NB(_B + "cronbach.py", "cronbach")),
    case(diffusion, _diffusion, NB(_B + "diffusion.py", "diffusion", "returns u (the source updates it in place)")),
    case(euclidean_distance_square, lambda rng: (rng.random((1, 16)), rng.random((20, 16))),
         NB(_B + "euclidean_distance_square.py", "euclidean_distance_square")),
    case(evolve, _evolve, NB(_B + "evolve.py", "evolve")),
    case(grayscott, lambda rng: (4, 0.16, 0.08, 0.04, 0.06, rng.random((280, 280)), rng.random((280, 280))),
         NB(_B + "grayscott.py", "grayscott", "4 steps instead of 40")),
    case(grouping, _grouping, NB(_B + "grouping.py", "grouping")),
    case(harris, lambda rng: (rng.normal(size=(12, 12)),), NB(_B + "harris.py", "harris")),
    case(hasting, lambda rng: (rng.random(3), *rng.random(7)), NB(_B + "hasting.py", "hasting")),
    case(l1norm, lambda rng: (rng.random((8, 8)), rng.random((8, 8))), NB(_B + "l1norm.py", "l1norm")),
    case(l2norm, lambda rng: (rng.random((10, 10)),), NB(_B + "l2norm.py", "l2norm")),
    case(laplacien, lambda rng: (rng.normal(size=(10, 10, 3)),), NB(_B + "laplacien.py", "laplacien")),
    case(local_maxima, _local_maxima(wrap), NB(_B + "local_maxima.py", "local_maxima")),
    case(local_maxima, _local_maxima(clamp), NB(_B + "local_maxima.py", "local_maxima", "mode=clamp"),
         name="kernels.local_maxima_clamp"),
    case(local_maxima, _local_maxima(reflect), NB(_B + "local_maxima.py", "local_maxima", "mode=reflect"),
         name="kernels.local_maxima_reflect"),
    case(log_likelihood, lambda rng: (rng.random(20), 0.1, 1.1), NB(_B + "log_likelihood.py", "log_likelihood")),
    case(lstsqr, lambda rng: (rng.random(20), rng.random(20)), NB(_B + "lstsqr.py", "lstsqr")),
    case(make_decision, _make_decision, NB(_B + "make_decision.py", "make_decision")),
    case(mandelbrot, lambda rng: (np.float64(-2.0 - rng.uniform(0, 0.1)), 0.5, -1.25, 1.25, 12., 10., 20, 2.),
         NB(_B + "mandelbrot.py", "mandelbrot", "a 12 x 10 grid over the set instead of 100 x 100 over [0, 100]^2")),
    case(multiple_sum, lambda rng: (rng.random((8, 8)),), NB(_B + "multiple_sum.py", "multiple_sum")),
    case(normalize_complex_arr, lambda rng: (rng.random(20) + 1j * rng.random(20),),
         NB(_B + "normalize_complex_arr.py", "normalize_complex_arr")),
    case(pairwise, lambda rng: (rng.uniform(0, 10, (6, 10)),), NB(_B + "pairwise.py", "pairwise")),
    case(periodic_dist, lambda rng: (*(rng.uniform(0, 4, 15) for _ in range(3)), 4, True, True, True),
         NB(_B + "periodic_dist.py", "periodic_dist", "three random coordinate arrays instead of one arange")),
    case(repeating, lambda rng: (rng.random(10), 3), NB(_B + "repeating.py", "repeating")),
    case(reverse_cumsum, lambda rng: (rng.random(20),), NB(_B + "reverse_cumsum.py", "reverse_cumsum")),
    case(rosen, lambda rng: (rng.normal(size=20),), NB(_B + "rosen.py", "rosen")),
    case(slowparts, _slowparts, NB(_B + "slowparts.py", "slowparts", "random arrays instead of ones")),
    case(specialconvolve, lambda rng: (rng.integers(0, 1000, size=(10, 10)).astype(np.uint32),),
         NB(_B + "specialconvolve.py", "specialconvolve", "random instead of arange")),
    case(vibr_energy, lambda rng: (rng.random(20), rng.random(20), rng.random(20)), NB(_B + "vibr_energy.py", "vibr_energy")),
    case(wave, lambda rng: (12,), NB(_B + "wave.py", "wave", "12 particles instead of 4000")),
    case(wdist, lambda rng: (rng.random((5, 5)), rng.random((5, 5)), rng.random((5, 5))), NB(_B + "wdist.py", "wdist")),
]
