"""Kalman filtering, statistics and discretization from filterpy (rlabbe/filterpy, MIT).

Copied from rlabbe/filterpy at 3b51149ebcff0401ff1e10bf08ffca7b6bbc4a33 (filterpy 1.4.5); each
case names its file and function. Docstrings dropped; the code is as in the source, with the
source's imports (``from numpy import dot, zeros, ...``; ``scipy.ndimage.filters`` is imported
as ``scipy.ndimage``, its current name).
"""

# ruff: noqa: E501, E722, N802, N803, N806, UP031, UP032, B904
from __future__ import annotations

import math

import numpy as np
import numpy.linalg as linalg
import scipy.linalg
from numpy import array, dot, eye, zeros
from numpy.linalg import inv
from scipy.linalg import block_diag
from scipy.ndimage import convolve

from tests.coverage.cases import FP, case, probabilities, spd


# filterpy/common/discretization.py
def order_by_derivative(Q, dim, block_size):
    N = dim * block_size

    D = zeros((N, N))

    Q = array(Q)
    for i, x in enumerate(Q.ravel()):
        f = eye(block_size) * x

        ix, iy = (i // dim) * block_size, (i % dim) * block_size
        D[ix:ix+block_size, iy:iy+block_size] = f

    return D


def Q_discrete_white_noise(dim, dt=1., var=1., block_size=1, order_by_dim=True):
    if dim not in [2, 3, 4]:
        raise ValueError("dim must be between 2 and 4")

    if dim == 2:
        Q = [[.25*dt**4, .5*dt**3],
             [ .5*dt**3,    dt**2]]
    elif dim == 3:
        Q = [[.25*dt**4, .5*dt**3, .5*dt**2],
             [ .5*dt**3,    dt**2,       dt],
             [ .5*dt**2,       dt,        1]]
    else:
        Q = [[(dt**6)/36, (dt**5)/12, (dt**4)/6, (dt**3)/6],
             [(dt**5)/12, (dt**4)/4,  (dt**3)/2, (dt**2)/2],
             [(dt**4)/6,  (dt**3)/2,   dt**2,     dt],
             [(dt**3)/6,  (dt**2)/2 ,  dt,        1.]]

    if order_by_dim:
        return block_diag(*[Q]*block_size) * var
    return order_by_derivative(array(Q), dim, block_size) * var


# filterpy/common/helpers.py
def runge_kutta4(y, x, dx, f):
    k1 = dx * f(y, x)
    k2 = dx * f(y + 0.5*k1, x + 0.5*dx)
    k3 = dx * f(y + 0.5*k2, x + 0.5*dx)
    k4 = dx * f(y + k3, x + dx)

    return y + (k1 + 2*k2 + 2*k3 + k4) / 6.


def reshape_z(z, dim_z, ndim):
    z = np.atleast_2d(z)
    if z.shape[1] == dim_z:
        z = z.T

    if z.shape != (dim_z, 1):
        raise ValueError('z (shape {}) must be convertible to shape ({}, 1)'.format(z.shape, dim_z))

    if ndim == 1:
        z = z[:, 0]

    if ndim == 0:
        z = z[0, 0]

    return z


def inv_diagonal(S):
    S = np.asarray(S)

    if S.ndim != 2 or S.shape[0] != S.shape[1]:
        raise ValueError('S must be a square Matrix')

    si = np.zeros(S.shape)
    for i in range(len(S)):
        si[i, i] = 1. / S[i, i]
    return si


def outer_product_sum(A, B=None):
    if B is None:
        B = A

    outer = np.einsum('ij,ik->ijk', A, B)
    return np.sum(outer, axis=0)


# filterpy/common/kinematic.py
def kinematic_state_transition(order, dt):
    if not(order >= 0 and int(order) == order):
        raise ValueError("order must be an int >= 0")

    # hard code common cases for computational efficiency
    if order == 0:
        return np.array([[1.]])
    if order == 1:
        return np.array([[1., dt],
                         [0., 1.]])
    if order == 2:
        return np.array([[1., dt, 0.5*dt*dt],
                         [0., 1., dt],
                         [0., 0., 1.]])

    # grind it out computationally....
    N = order + 1

    F = np.zeros((N, N))
    # compute highest order row
    for n in range(N):
        F[0, n] = float(dt**n) / math.factorial(n)

    # copy with a shift to get lower order rows
    for j in range(1, N):
        F[j, j:] = F[0, 0:-j]

    return F


# filterpy/stats/stats.py
def _validate_vector(u, dtype=None):
    # this is taken from scipy.spatial.distance. Internal function, so
    # redefining here.

    u = np.asarray(u, dtype=dtype).squeeze()
    # Ensure values such as u=1 and u=[1] still return 1-D arrays.
    u = np.atleast_1d(u)
    if u.ndim > 1:
        raise ValueError("Input vector should be 1-D.")
    return u


def mahalanobis(x, mean, cov):
    x = _validate_vector(x)
    mean = _validate_vector(mean)

    if x.shape != mean.shape:
        raise ValueError("length of input vectors must be the same")

    y = x - mean
    S = np.atleast_2d(cov)

    dist = float(np.dot(np.dot(y.T, inv(S)), y))
    return math.sqrt(dist)


def gaussian(x, mean, var, normed=True):
    pdf = ((2*math.pi*var)**-.5) * np.exp((-0.5*(np.asarray(x)-mean)**2.) / var)
    if normed and len(np.shape(pdf)) > 0:
        pdf = pdf / sum(pdf)

    return pdf


def mul(mean1, var1, mean2, var2):
    mean = (var1*mean2 + var2*mean1) / (var1 + var2)

    var = 1 / (1/var1 + 1/var2)
    return (mean, var)


def multivariate_multiply(m1, c1, m2, c2):
    C1 = np.asarray(c1)
    C2 = np.asarray(c2)
    M1 = np.asarray(m1)
    M2 = np.asarray(m2)

    sum_inv = np.linalg.inv(C1+C2)
    C3 = np.dot(C1, sum_inv).dot(C2)

    M3 = (np.dot(C2, sum_inv).dot(M1) +
          np.dot(C1, sum_inv).dot(M2))

    return M3, C3


def covariance_ellipse(P, deviations=1):
    U, s, _ = scipy.linalg.svd(P)
    orientation = math.atan2(U[1, 0], U[0, 0])
    width = deviations * math.sqrt(s[0])
    height = deviations * math.sqrt(s[1])

    if height > width:
        raise ValueError('width must be greater than height')

    return (orientation, width, height)


def _eigsorted(cov, asc=True):
    eigval, eigvec = np.linalg.eigh(cov)
    order = eigval.argsort()
    if not asc:
        order = order[::-1]

    return eigval[order], eigvec[:, order]


def NEES(xs, est_xs, ps):
    est_err = xs - est_xs
    errs = []
    for x, p in zip(est_err, ps):
        errs.append(np.dot(x.T, scipy.linalg.inv(p)).dot(x))
    return errs


# filterpy/kalman/kalman_filter.py (module-level functions)
def update(x, P, z, R, H=None, return_all=False):
    #pylint: disable=bare-except

    if z is None:
        if return_all:
            return x, P, None, None, None, None
        return x, P

    if H is None:
        H = np.array([1])

    if np.isscalar(H):
        H = np.array([H])

    Hx = np.atleast_1d(dot(H, x))
    z = reshape_z(z, Hx.shape[0], x.ndim)

    # error (residual) between measurement and prediction
    y = z - Hx

    # project system uncertainty into measurement space
    S = dot(dot(H, P), H.T) + R


    # map system uncertainty into kalman gain
    try:
        K = dot(dot(P, H.T), linalg.inv(S))
    except:
        # can't invert a 1D array, annoyingly
        K = dot(dot(P, H.T), 1./S)


    # predict new x with residual scaled by the kalman gain
    x = x + dot(K, y)

    # P = (I-KH)P(I-KH)' + KRK'
    KH = dot(K, H)

    try:
        I_KH = np.eye(KH.shape[0]) - KH
    except:
        I_KH = np.array([1 - KH])
    P = dot(dot(I_KH, P), I_KH.T) + dot(dot(K, R), K.T)

    return x, P


def update_steadystate(x, z, K, H=None):
    if z is None:
        return x

    if H is None:
        H = np.array([1])

    if np.isscalar(H):
        H = np.array([H])

    Hx = np.atleast_1d(dot(H, x))
    z = reshape_z(z, Hx.shape[0], x.ndim)

    # error (residual) between measurement and prediction
    y = z - Hx

    # estimate new x with residual scaled by the kalman gain
    return x + dot(K, y)


def predict(x, P, F=1, Q=0, u=0, B=1, alpha=1.):
    if np.isscalar(F):
        F = np.array(F)
    x = dot(F, x) + dot(B, u)
    P = (alpha * alpha) * dot(dot(F, P), F.T) + Q

    return x, P


def predict_steadystate(x, F=1, u=0, B=1):
    if np.isscalar(F):
        F = np.array(F)
    x = dot(F, x) + dot(B, u)

    return x


def rts_smoother(Xs, Ps, Fs, Qs):
    if len(Xs) != len(Ps):
        raise ValueError('length of Xs and Ps must be the same')

    n = Xs.shape[0]
    dim_x = Xs.shape[1]

    # smoother gain
    K = zeros((n, dim_x, dim_x))
    x, P, pP = Xs.copy(), Ps.copy(), Ps.copy()

    for k in range(n-2, -1, -1):
        pP[k] = dot(dot(Fs[k], P[k]), Fs[k].T) + Qs[k]

        #pylint: disable=bad-whitespace
        K[k]  = dot(dot(P[k], Fs[k].T), linalg.inv(pP[k]))
        x[k] += dot(K[k], x[k+1] - dot(Fs[k], x[k]))
        P[k] += dot(dot(K[k], P[k+1] - pP[k]), K[k].T)

    return (x, P, K, pP)


# filterpy/gh/gh_filter.py
def optimal_noise_smoothing(g):
    h = ((2*g**3 - 4*g**2) + (4*g**6 -64*g**5 + 64*g**4)**.5) / (8*(1-g))
    k = (h*(2-g) - g**2) / g

    return (g, h, k)


def critical_damping_parameters(theta, order=2):
    if theta < 0 or theta > 1:
        raise ValueError('theta must be between 0 and 1')

    if order == 2:
        return (1. - theta**2, (1. - theta)**2)

    if order == 3:
        return (1. - theta**3, 1.5*(1.-theta**2)*(1.-theta), .5*(1 - theta)**3)

    raise ValueError('bad order specified: {}'.format(order))


def benedict_bornder_constants(g, critical=False):
    g_sqr = g**2
    if critical:
        return (g, 0.8 * (2. - g_sqr - 2*(1-g_sqr)**.5) / g_sqr)

    return (g, g_sqr / (2.-g))


# filterpy/discrete_bayes/discrete_bayes.py
def normalize(pdf):
    pdf /= sum(np.asarray(pdf, dtype=float))
    return pdf


def discrete_bayes_update(likelihood, prior):
    posterior = prior * likelihood
    return normalize(posterior)


def discrete_bayes_predict(pdf, offset, kernel, mode='wrap', cval=0.):
    if mode == 'wrap':
        return convolve(np.roll(pdf, offset), kernel, mode='wrap')

    return convolve(shift(pdf, offset, cval=cval), kernel,  # noqa: F821 (scipy.ndimage.shift in the source)
                    cval=cval, mode='constant')


def _dynamics(y, x):  # the f argument of runge_kutta4 (its docstring's example)
    return -2.0 * y + x


def _scalar(low, high):
    return lambda rng: (np.float64(rng.uniform(low, high)),)


def _kf_state(rng):
    x = rng.normal(size=2)
    P = spd(rng, 2)
    return x, P


def _rts_inputs(rng):
    n = 5
    Xs = rng.normal(size=(n, 2))
    Ps = np.stack([spd(rng, 2) for _ in range(n)])
    Fs = np.stack([np.array([[1.0, 0.5], [0.0, 1.0]]) for _ in range(n)])
    Qs = np.stack([0.1 * spd(rng, 2) for _ in range(n)])
    return Xs, Ps, Fs, Qs


_DISC = "filterpy/common/discretization.py"
_HELP = "filterpy/common/helpers.py"
_STATS = "filterpy/stats/stats.py"
_KF = "filterpy/kalman/kalman_filter.py"
_GH = "filterpy/gh/gh_filter.py"
_DB = "filterpy/discrete_bayes/discrete_bayes.py"

CASES = [
    case(order_by_derivative, lambda rng: (rng.normal(size=(2, 2)), 2, 2), FP(_DISC, "order_by_derivative")),
    case(Q_discrete_white_noise, lambda rng: (3, np.float64(rng.uniform(0.1, 1.0)), 2.0), FP(_DISC, "Q_discrete_white_noise")),
    case(runge_kutta4, lambda rng: (rng.normal(size=3), np.float64(rng.uniform()), 0.1, _dynamics),
         FP(_HELP, "runge_kutta4", "f is a small linear ODE")),
    case(inv_diagonal, lambda rng: (np.diag(rng.uniform(1.0, 2.0, size=4)),), FP(_HELP, "inv_diagonal")),
    case(outer_product_sum, lambda rng: (rng.normal(size=(5, 3)), rng.normal(size=(5, 3))), FP(_HELP, "outer_product_sum")),
    case(kinematic_state_transition, lambda rng: (4, np.float64(rng.uniform(0.1, 1.0))), FP("filterpy/common/kinematic.py", "kinematic_state_transition")),
    case(mahalanobis, lambda rng: (rng.normal(size=3), rng.normal(size=3), spd(rng, 3)), FP(_STATS, "mahalanobis")),
    case(gaussian, lambda rng: (rng.uniform(-2, 2, size=8), np.float64(rng.normal()), np.float64(rng.uniform(0.5, 2.0))), FP(_STATS, "gaussian")),
    case(mul, lambda rng: tuple(np.float64(v) for v in (rng.normal(), rng.uniform(1, 2), rng.normal(), rng.uniform(1, 2))), FP(_STATS, "mul")),
    case(multivariate_multiply, lambda rng: (rng.normal(size=2), spd(rng, 2), rng.normal(size=2), spd(rng, 2)), FP(_STATS, "multivariate_multiply")),
    case(covariance_ellipse, lambda rng: (spd(rng, 2),), FP(_STATS, "covariance_ellipse")),
    case(_eigsorted, lambda rng: (spd(rng, 3),), FP(_STATS, "_eigsorted")),
    case(NEES, lambda rng: (rng.normal(size=(4, 2)), rng.normal(size=(4, 2)), np.stack([spd(rng, 2) for _ in range(4)])), FP(_STATS, "NEES")),
    case(update, lambda rng: (*_kf_state(rng), rng.normal(size=1), np.array([[0.5]]), np.array([[1.0, 0.0]])),
         FP(_KF, "update")),
    case(update, lambda rng: (*_kf_state(rng), rng.normal(size=2), 0.5 * np.eye(2), np.array([[1.0, 0.0], [0.5, 1.0]])),
         FP(_KF, "update", "a 2-D measurement (the case above measures 1-D)"), name="filterpy.update_2d_measurement"),
    case(update_steadystate, lambda rng: (rng.normal(size=2), rng.normal(size=1), rng.normal(size=(2, 1)), np.array([[1.0, 0.0]])),
         FP(_KF, "update_steadystate")),
    case(predict, lambda rng: (*_kf_state(rng), np.array([[1.0, 0.1], [0.0, 1.0]]), 0.01 * spd(rng, 2)), FP(_KF, "predict")),
    case(predict_steadystate, lambda rng: (rng.normal(size=2), np.array([[1.0, 0.1], [0.0, 1.0]])), FP(_KF, "predict_steadystate")),
    case(rts_smoother, _rts_inputs, FP(_KF, "rts_smoother")),
    case(optimal_noise_smoothing, _scalar(0.1, 0.5), FP(_GH, "optimal_noise_smoothing")),
    case(critical_damping_parameters, lambda rng: (np.float64(rng.uniform(0.1, 0.9)), 3), FP(_GH, "critical_damping_parameters")),
    case(benedict_bornder_constants, lambda rng: (np.float64(rng.uniform(0.1, 0.9)), True), FP(_GH, "benedict_bornder_constants")),
    case(discrete_bayes_update, lambda rng: (probabilities(rng, 8), probabilities(rng, 8)), FP(_DB, "update", "renamed from update (clashes with the Kalman update)")),
    case(discrete_bayes_predict, lambda rng: (probabilities(rng, 8), 2, np.array([0.1, 0.8, 0.1])), FP(_DB, "predict", "renamed from predict")),
]
