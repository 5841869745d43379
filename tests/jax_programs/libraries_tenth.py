"""A tenth set of programs, from JAX repositories the corpus did not cite before: CoLA (compositional linear algebra:
conjugate gradients, power iteration, the Lanczos and Arnoldi factorisations' while loops, Hutchinson's stochastic
diagonal estimate, the LU pivots of a tridiagonal matrix, the shifted QR sweep of the implicitly restarted Lanczos, a
Householder vector, the gradient-descent constraint solver of the nullspace routine), SynJax (the log-partition of a
linear-chain CRF, of a semi-Markov CRF and of a general monotone alignment, by the forward algorithm under the log
semiring; ancestral sampling, stochastic and regular beam search) and probdiffeq (Kahan's recurrence for the Cholesky
factor of a Hilbert matrix; the matrix exponential and Gramian factor by scaling and doubling; the adaptive step-size
loop of ``solve_adaptive_save_at`` with its rejection loop and proportional-integral controller), each written with
Python control flow over traced values next to a ``lax`` twin.

CoLA writes its loops against a backend module ``xnp``: for JAX, ``xnp.while_loop`` / ``xnp.for_loop`` are
``lax.while_loop`` / ``lax.fori_loop`` (``while_loop_winfo`` wraps the while loop to record its errors, nothing more
without a progress bar); for NumPy (``cola/backends/np_fns.py``) they are the Python loops ``while cond_fun(val): val =
body_fun(val)`` and ``for iter in range(lower, upper): state = body_fun(iter, state)``. ``plain`` is the NumPy
backend's loop with the JAX backend's arrays, the twin is the JAX backend's loop. ``get_householder_vec`` already writes
``if``/``elif``/``else`` on array values (it runs eagerly only); its twin, with ``lax.cond``, is marked "Not library
code". SynJax writes its forward algorithms with ``jax.lax.scan`` over a semiring's ``einsum``/``add``/``mul``; the log
semiring's operations are written out (``logsumexp`` over the contracted index, ``logaddexp``, ``+``) and the random
keys (which the log semiring ignores) dropped. probdiffeq writes ``flow.fori_loop`` (``lax.fori_loop``).

The maths is the library's, adapted only in calling convention: dense matrices for ``LinearOperator``\\ s (``A @ x``
as the operator's matmul), the start vector or PRNG key as an argument, the settings (tolerances, iteration caps,
sizes) as constants, the log-potentials and lengths of a distribution as arguments instead of its object. Registered
into ``programs.PROGRAMS`` (``programs.py`` imports this module after ``libraries_ninth``).
"""

from __future__ import annotations

import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax, random

from jax_programs.programs import program

COLA = "wilson-labs/cola@4810da7a4ff4141c4082efa7cdb4eb29a6bd465b (Apache-2.0) cola/{}"
SYNJAX = "google-deepmind/synjax@6de574af85658c1e5608739b958ab20f06050a1b (Apache-2.0) synjax/_src/{}"
PROBDIFFEQ = "pnkraemer/probdiffeq@d97d3c368915ec060b40116f88a61daa4d35c3aa (MIT) probdiffeq/{}"


def _spd(seed, n, shift=1.0):
    # Not library code: a symmetric positive-definite test matrix.
    a = random.normal(random.key(seed), (n, n))
    return a @ a.T / n + shift * jnp.eye(n)


# --- wilson-labs/cola: linalg/inverse/cg.py ---------------------------------------------------------------------------

_small_value = 1e-40  # cg.py's module constant
CG_MAX_ITERS = 50
CG_TOL = 1e-5


def _do_safe_div(num, denom):
    is_zero = jnp.abs(denom) < jnp.array(_small_value, dtype=num.real.dtype)
    denom = jnp.where(is_zero, _small_value, denom)
    output = num / denom
    return output


def _cg_initialize(A, b, preconditioner, x0):
    r0 = b - A @ x0
    z0 = preconditioner @ r0
    p0 = z0
    gamma0 = jnp.sum(jnp.conj(r0) * z0, axis=-2, keepdims=True)
    alpha0 = jnp.zeros(shape=gamma0.shape, dtype=r0.dtype)
    beta0 = jnp.zeros(shape=gamma0.shape, dtype=r0.dtype)
    return (x0, 0, r0, p0, alpha0, beta0, gamma0)


def _cg_cond_fun(value, tol, max_iters):
    _, k, r, *_ = value
    rs = jnp.linalg.norm(r, axis=-2, keepdims=True)
    res_meet = jnp.any(rs > tol)
    flag = (res_meet) & (k < max_iters)
    return flag


def _update_alpha(gamma, p, Ap, has_converged):
    denom = jnp.sum(jnp.conj(p) * Ap, axis=-2, keepdims=True)
    alpha = _do_safe_div(gamma, denom)
    alpha = jnp.where(has_converged, jnp.array(0.0, dtype=p.dtype), alpha)
    return alpha


def _update_gamma_beta(r, z, gamma0, has_converged):
    gamma1 = jnp.sum(jnp.conj(r) * z, axis=-2, keepdims=True)
    beta = _do_safe_div(gamma1, gamma0)
    beta = jnp.where(has_converged, jnp.array(0.0, dtype=r.dtype), beta)
    return gamma1, beta


def _take_cg_step(state, A, preconditioner):
    x0, k, r0, p0, _, _, gamma0 = state
    eps = jnp.array(_small_value, dtype=p0.real.dtype)
    has_converged = jnp.linalg.norm(r0, axis=-2, keepdims=True) < eps
    Ap0 = A @ p0

    alpha = _update_alpha(gamma0, p0, Ap0, has_converged)
    x1 = x0 + alpha * p0
    r1 = r0 - alpha * Ap0
    z1 = preconditioner @ r1
    gamma1, beta = _update_gamma_beta(r1, z1, gamma0, has_converged)
    p1 = z1 + beta * p0

    return (x1, k + 1, r1, p1, alpha, beta, gamma1)


def _cg_setup(A, b, P):
    # `cg` (a vector right-hand side, x0 = 0) and `run_batched_cg` up to the loop
    rhs = b[..., None]
    x0 = jnp.zeros_like(rhs)
    mult = jnp.linalg.norm(rhs, axis=-2, keepdims=True)
    b_norm = _do_safe_div(rhs, mult)
    init_val = _cg_initialize(A=A, b=b_norm, preconditioner=P, x0=x0)
    _, _, r0, *_ = init_val
    tol = CG_TOL * jnp.linalg.norm(r0, axis=-2, keepdims=True) + CG_TOL
    return mult, init_val, tol


def _cg_twin(A, b, P):
    mult, init_val, tol = _cg_setup(A, b, P)
    state = lax.while_loop(lambda s: _cg_cond_fun(s, tol, CG_MAX_ITERS), lambda s: _take_cg_step(s, A, P), init_val)
    return (state[0] * mult).reshape(-1), state[1]


def _cg_args():
    n = 12
    d = jnp.linspace(1.0, 2.0, n)
    return _spd(111, n), random.normal(random.key(112), (n,)), jnp.diag(1.0 / d)


@program(twin=_cg_twin, args=_cg_args, jvp=(0, 1), vmap=(None, 0, None), rtol=1e-4,
         source=COLA.format("linalg/inverse/cg.py") + ", `cg` and `run_batched_cg` with `initialize`, `cond_fun`, "
         "`take_cg_step`, `update_alpha`, `update_gamma_beta`, `do_safe_div` (preconditioned conjugate gradients "
         "until every column's residual is under tol or max_iters; a diagonal preconditioner, max_iters=50, "
         "tol=1e-5); the while loop np_fns.py's `while cond_fun(val): val = body_fun(val)`")
def cola_cg(A, b, P):
    mult, init_val, tol = _cg_setup(A, b, P)
    state = init_val
    while _cg_cond_fun(state, tol, CG_MAX_ITERS):
        state = _take_cg_step(state, A, P)
    return (state[0] * mult).reshape(-1), state[1]


# --- wilson-labs/cola: linalg/eig/power_iteration.py ------------------------------------------------------------------

PI_TOL = 1e-6
PI_MAX_ITER = 1000
PI_MOMENTUM = None


def _power_iteration_twin(A, key):
    v = random.normal(key, shape=A.shape[-1:], dtype=A.dtype)

    def body(state):
        i, v, vprev, eig, eigprev = state
        p = A @ v
        eig, eigprev = v @ p, eig
        if PI_MOMENTUM is not None:
            p = p - PI_MOMENTUM * vprev
        return i + 1, p / jnp.linalg.norm(p), v, eig, eigprev

    def err(state):
        *_, eig, eigprev = state
        return abs(eigprev - eig) / eig

    def cond(state):
        i = state[0]
        return (i < PI_MAX_ITER) & (err(state) > PI_TOL)

    i0 = jnp.array(0, dtype=jnp.int32)  # the source's int64 (float32 without jax_enable_x64)
    eig0 = jnp.array(10., dtype=A.dtype)
    eigprev0 = jnp.array(1., dtype=A.dtype)
    _, v, _, emax, _ = lax.while_loop(cond, body, (i0, v, v, eig0, eigprev0))
    return v, emax


def _pi_args():
    q, _ = jnp.linalg.qr(random.normal(random.key(121), (8, 8)))
    return q @ jnp.diag(jnp.array([5.0, 2.5, 2.0, 1.5, 1.0, 0.5, 0.3, 0.1])) @ q.T, random.PRNGKey(42)


@program(twin=_power_iteration_twin, args=_pi_args, jvp=(0,), vmap=(0, None), rtol=1e-4,
         source=COLA.format("linalg/eig/power_iteration.py") + ", `power_iteration` (the dominant eigenpair: "
         "v <- Av/|Av| while i < max_iter and the relative change of the Rayleigh quotient exceeds tol; the start "
         "vector from xnp.randn with PRNGKey(42), momentum=None, tol=1e-6); the while loop np_fns.py's")
def cola_power_iteration(A, key):
    v = random.normal(key, shape=A.shape[-1:], dtype=A.dtype)
    i, vprev = jnp.array(0, dtype=jnp.int32), v
    eig, eigprev = jnp.array(10., dtype=A.dtype), jnp.array(1., dtype=A.dtype)
    while (i < PI_MAX_ITER) & (abs(eigprev - eig) / eig > PI_TOL):
        p = A @ v
        eig, eigprev = v @ p, eig
        if PI_MOMENTUM is not None:
            p = p - PI_MOMENTUM * vprev
        i, v, vprev = i + 1, p / jnp.linalg.norm(p), v
    return v, eig


# --- wilson-labs/cola: linalg/decompositions/lanczos.py ---------------------------------------------------------------

LZ_MAX_ITERS = 6
LZ_TOL = 1e-7


def _init_lanczos(rhs, max_iters, dtype):
    i = jnp.array(1, dtype=jnp.int32)
    diag = jnp.zeros(shape=(rhs.shape[-1], max_iters), dtype=dtype)
    subdiag = jnp.zeros(shape=(rhs.shape[-1], max_iters + 1), dtype=dtype)
    V = jnp.zeros(shape=(rhs.shape[-1], rhs.shape[0], max_iters + 2), dtype=dtype)
    norm = jnp.linalg.norm(rhs, axis=-2, keepdims=True)
    rhs = rhs / norm
    V = V.at[..., 1].set(jnp.copy(rhs.T))
    return V, diag, subdiag, i


def _do_gram(vec, new_vec):
    aux = jnp.sum(jnp.conj(vec) * jnp.expand_dims(new_vec, -1), axis=-2, keepdims=True)
    new_vec -= jnp.sum(vec * aux, axis=-1)
    return new_vec


def _do_double_gram(vec, new_vec):
    new_vec = _do_gram(vec, new_vec)
    new_vec = _do_gram(vec, new_vec)
    return new_vec


def _lanczos_body(A, state):
    V, diag, subdiag, i = state
    update = jnp.linalg.norm(V[..., i], axis=-1, keepdims=True)
    V = V.at[..., i].set(V[..., i] / update)

    aux = jnp.transpose(V, axes=[1, 0, 2])
    new_vec = (A @ aux[..., i]).T
    update = jnp.sum(jnp.conj(new_vec) * V[..., i], axis=-1)
    diag = diag.at[..., i - 1].set(update)
    aux = diag[..., [i - 1]] * V[..., i] + subdiag[..., [i - 1]] * V[..., i - 1]
    new_vec -= aux
    new_vec = _do_double_gram(V, new_vec)

    V = V.at[..., i + 1].set(new_vec)
    subdiag = subdiag.at[..., i].set(jnp.linalg.norm(V[..., i + 1], axis=-1))

    return V, diag, subdiag, i + 1


def _lanczos_cond(state):
    *_, subdiag, i = state
    is_not_max = i <= LZ_MAX_ITERS
    is_large = (subdiag[..., i - 1].real > LZ_TOL * subdiag[..., 1].real) | (i <= 1)
    flag = is_not_max & jnp.any(is_large)
    return flag


def _lanczos_twin(A, start_vector):
    init_val = _init_lanczos(start_vector[:, None], max_iters=LZ_MAX_ITERS, dtype=A.dtype)
    return lax.while_loop(_lanczos_cond, functools.partial(_lanczos_body, A), init_val)


@program(twin=_lanczos_twin, args=lambda: (_spd(131, 10), random.normal(random.key(132), (10,))), jvp=(0, 1),
         vmap=(None, 0), rtol=1e-4,
         source=COLA.format("linalg/decompositions/lanczos.py") + ", `lanczos_fact` from `init_lanczos` (as "
         "`lanczos` calls it for a vector start: V's columns normalised, the three-term recurrence with a double "
         "Gram-Schmidt pass, the diagonal and subdiagonal written at the traced index i, while i <= max_iters and "
         "the subdiagonal is large relative to the first; max_iters=6 of a 10 x 10 matrix, tol=1e-7); the while loop "
         "np_fns.py's")
def cola_lanczos_fact(A, start_vector):
    state = _init_lanczos(start_vector[:, None], max_iters=LZ_MAX_ITERS, dtype=A.dtype)
    while _lanczos_cond(state):
        V, diag, subdiag, i = state
        update = jnp.linalg.norm(V[..., i], axis=-1, keepdims=True)
        V = V.at[..., i].set(V[..., i] / update)

        aux = jnp.transpose(V, axes=[1, 0, 2])
        new_vec = (A @ aux[..., i]).T
        update = jnp.sum(jnp.conj(new_vec) * V[..., i], axis=-1)
        diag = diag.at[..., i - 1].set(update)
        aux = diag[..., [i - 1]] * V[..., i] + subdiag[..., [i - 1]] * V[..., i - 1]
        new_vec -= aux
        new_vec = _do_double_gram(V, new_vec)

        V = V.at[..., i + 1].set(new_vec)
        subdiag = subdiag.at[..., i].set(jnp.linalg.norm(V[..., i + 1], axis=-1))
        state = V, diag, subdiag, i + 1
    return state


# --- wilson-labs/cola: linalg/decompositions/arnoldi.py ---------------------------------------------------------------

AR_MAX_ITERS = 6
AR_TOL = 1e-7


def _init_arnoldi(rhs, max_iters, dtype):
    idx = jnp.array(0, dtype=jnp.int32)
    H = jnp.zeros(shape=(rhs.shape[-1], max_iters + 1, max_iters), dtype=dtype)
    Q = jnp.zeros(shape=(rhs.shape[-1], rhs.shape[-2], max_iters + 1), dtype=dtype)
    norm = jnp.linalg.norm(rhs, axis=-2)
    rhs = rhs / norm
    Q = Q.at[..., 0].set(jnp.copy(rhs.T))
    return Q, H, idx, norm


def _arnoldi_cond(state, max_iters):
    _, H, idx, norm = state
    is_not_max = idx < max_iters
    is_large = (norm > AR_TOL * H[:, 1, 0].real) | (idx <= 0)
    return is_not_max & jnp.any(is_large)


def _arnoldi_twin(A, start_vector):
    max_iters = min(AR_MAX_ITERS, A.shape[0])
    init_val = _init_arnoldi(start_vector[:, None], max_iters=max_iters, dtype=A.dtype)

    def body_fun(state):
        Q, H, idx, _ = state
        new_vec = (A @ Q[..., idx].T).T
        h_vec = jnp.zeros(shape=(H.shape[0], H.shape[1]), dtype=new_vec.dtype)

        def inner_loop(jdx, result):
            new_vec, h_vec = result
            angle = jnp.sum(jnp.conj(Q[..., jdx]) * new_vec, axis=-1)
            h_vec = h_vec.at[..., jdx].set(angle)
            new_vec = new_vec - h_vec[..., [jdx]] * Q[..., jdx]
            return (new_vec, h_vec)

        new_vec, h_vec = lax.fori_loop(0, idx + 1, inner_loop, (new_vec, h_vec))

        norm = jnp.linalg.norm(new_vec, axis=-1, keepdims=True)
        new_vec /= jnp.clip(norm, AR_TOL / 2.)
        h_vec = h_vec.at[..., idx + 1].set(norm[:, 0])
        H = H.at[..., idx].set(h_vec)
        Q = Q.at[..., idx + 1].set(new_vec)
        return Q, H, idx + 1, norm[:, 0]

    return lax.while_loop(lambda s: _arnoldi_cond(s, max_iters), body_fun, init_val)


def _arnoldi_args():
    return (random.normal(random.key(141), (9, 9)) + 3.0 * jnp.eye(9), random.normal(random.key(142), (9,)))


@program(twin=_arnoldi_twin, args=_arnoldi_args, jvp=(0, 1), vmap=(None, 0), rtol=1e-4,
         source=COLA.format("linalg/decompositions/arnoldi.py") + ", `arnoldi_fact` from `init_arnoldi` (as "
         "`arnoldi` calls it for a vector start without Householder: a while loop over the Krylov vectors whose body "
         "orthogonalises by a for loop over range(idx + 1), idx the while loop's traced counter, then writes the "
         "Hessenberg column; max_iters=6 of a 9 x 9 non-symmetric matrix, tol=1e-7); the loops np_fns.py's "
         "`while` and `for iter in range(lower, upper)`")
def cola_arnoldi_fact(A, start_vector):
    max_iters = min(AR_MAX_ITERS, A.shape[0])
    state = _init_arnoldi(start_vector[:, None], max_iters=max_iters, dtype=A.dtype)
    while _arnoldi_cond(state, max_iters):
        Q, H, idx, _ = state
        new_vec = (A @ Q[..., idx].T).T
        h_vec = jnp.zeros(shape=(H.shape[0], H.shape[1]), dtype=new_vec.dtype)

        for jdx in range(0, idx + 1):
            angle = jnp.sum(jnp.conj(Q[..., jdx]) * new_vec, axis=-1)
            h_vec = h_vec.at[..., jdx].set(angle)
            new_vec = new_vec - h_vec[..., [jdx]] * Q[..., jdx]

        norm = jnp.linalg.norm(new_vec, axis=-1, keepdims=True)
        new_vec /= jnp.clip(norm, AR_TOL / 2.)
        h_vec = h_vec.at[..., idx + 1].set(norm[:, 0])
        H = H.at[..., idx].set(h_vec)
        Q = Q.at[..., idx + 1].set(new_vec)
        state = Q, H, idx + 1, norm[:, 0]
    return state


# --- wilson-labs/cola: linalg/trace/diagonal_estimation.py ------------------------------------------------------------

HD_K = 0
HD_TOL = 5e-2
HD_MAX_ITERS = 10000
HD_RAND = 'normal'


def _hutchinson_parts(A):
    bs = min(100, A.shape[0])
    k = HD_K

    def body(state):
        i, diag_sum, diag_sumsq, key = state
        key = random.split(key)[0]  # xnp.next_key
        z = random.normal(key, shape=(A.shape[0], bs), dtype=A.dtype)
        if HD_RAND == 'rademacher':
            z = jnp.sign(z)
        z2 = jnp.roll(z, -k, 0)
        z2 = z2.at[slice(0, abs(k)) if k <= 0 else slice(-abs(k), None)].set(0)
        slc = slice(abs(k), None) if -k > 0 else slice(None, -abs(k) or None)
        estimator = ((A @ z) * z2)[slc]
        return i + 1, diag_sum + estimator.sum(-1), diag_sumsq + (estimator**2).sum(-1), key

    def err(state):
        i, diag_sum, diag_sumsq, _ = state
        mean = diag_sum / (i * bs)
        stderr = jnp.sqrt((diag_sumsq / (i * bs) - mean**2) / (i * bs))
        return jnp.mean(stderr / jnp.maximum(jnp.abs(mean), .1 * jnp.ones_like(mean)))

    def cond(state):
        return (state[0] == 0) | ((state[0] < HD_MAX_ITERS) & (err(state) > HD_TOL))

    zeros = jnp.zeros((A.shape[0] - abs(k), ), dtype=A.dtype)
    return bs, body, cond, zeros


def _hutchinson_twin(A, key):
    bs, body, cond, zeros = _hutchinson_parts(A)
    n, diag_sum, *_ = lax.while_loop(cond, body, (0, zeros, zeros, key))
    mean = diag_sum / (n * bs)
    return mean, n


@program(twin=_hutchinson_twin, args=lambda: (_spd(151, 8, shift=2.0), random.PRNGKey(42)), jvp=(0,),
         vmap=(0, None), rtol=1e-4,
         source=COLA.format("linalg/trace/diagonal_estimation.py") + ", `hutchinson_diag_estimate` (the diagonal "
         "estimated from Gaussian probes z: sums of (Az) * z per row, while the first pass has not run or the mean "
         "relative standard error exceeds tol; k=0, rand='normal', tol=5e-2, the PRNG key an argument); the while loop "
         "np_fns.py's, written out with the state unpacked")
def cola_hutchinson_diag(A, key):
    bs, body, cond, zeros = _hutchinson_parts(A)
    state = (0, zeros, zeros, key)
    while cond(state):
        state = body(state)
    n, diag_sum, *_ = state
    mean = diag_sum / (n * bs)
    return mean, n


# --- wilson-labs/cola: linalg/decompositions/lanczos.py, get_lu_from_tridiagonal --------------------------------------

def _lu_tridiag_twin(alpha, beta, gamma):
    n = beta.shape[0]
    eigenvals = jnp.zeros(shape=(n, ), dtype=beta.dtype)
    eigenvals = eigenvals.at[0].set(beta[0, 0])

    def body_fun(i, state):
        pi = beta[i + 1, 0] - ((alpha[i, 0] * gamma[i, 0]) / state[i])
        state = state.at[i + 1].set(pi)
        return state

    lower = jnp.array(0, dtype=jnp.int32)
    upper = jnp.array(n - 1, dtype=jnp.int32)
    eigenvals = lax.fori_loop(lower, upper, body_fun, init_val=eigenvals)
    return eigenvals


def _tridiag_args():
    k1, k2, k3 = random.split(random.key(161), 3)
    n = 7
    return (random.normal(k1, (n - 1, 1)), 4.0 + random.uniform(k2, (n, 1)), random.normal(k3, (n - 1, 1)))


@program(twin=_lu_tridiag_twin, args=_tridiag_args, jvp=(0, 1, 2), vmap=(0, 0, 0), rtol=1e-4,
         source=COLA.format("linalg/decompositions/lanczos.py") + ", `get_lu_from_tridiagonal` (the pivots of a "
         "tridiagonal matrix's LU factorisation, p_{i+1} = b_{i+1} - a_i c_i / p_i, by a for_loop whose bounds are "
         "xnp.array scalars; the Tridiagonal operator's alpha, beta, gamma (n-1, 1), (n, 1), (n-1, 1) as arguments); "
         "the loop np_fns.py's `for iter in range(lower, upper)`; no jax.grad: under jit the bounds are traced, so "
         "the twin's fori_loop is a while loop that reverse mode refuses, as the converted range does)")
def cola_lu_from_tridiagonal(alpha, beta, gamma):
    n = beta.shape[0]
    eigenvals = jnp.zeros(shape=(n, ), dtype=beta.dtype)
    eigenvals = eigenvals.at[0].set(beta[0, 0])
    lower = jnp.array(0, dtype=jnp.int32)
    upper = jnp.array(n - 1, dtype=jnp.int32)
    for i in range(lower, upper):
        pi = beta[i + 1, 0] - ((alpha[i, 0] * gamma[i, 0]) / eigenvals[i])
        eigenvals = eigenvals.at[i + 1].set(pi)
    return eigenvals


# --- wilson-labs/cola: linalg/decompositions/lanczos.py, run_shift ----------------------------------------------------

def _run_shift_twin(H, shifts):
    dtype = H.dtype
    Id = jnp.eye(*H.shape, dtype=dtype)
    max_iters = shifts.shape[0]

    def body_fun(idx, state):
        H, V = state
        Q, _ = lax.linalg.qr(H - shifts[idx] * Id, full_matrices=True)
        H = Q.conj().T @ H @ Q
        V = V @ Q
        return H, V

    init_val = (H, jnp.eye(*H.shape, dtype=dtype))
    H, V = lax.fori_loop(0, max_iters, body_fun, init_val)
    return H, V


def _shift_args():
    k1, k2 = random.split(random.key(171))
    n = 6
    d, e = 2.0 + random.uniform(k1, (n,)), 0.3 * random.normal(k2, (n - 1,))
    return jnp.diag(d) + jnp.diag(e, 1) + jnp.diag(e, -1), jnp.array([0.5, 3.5, 1.2])


@program(twin=_run_shift_twin, args=_shift_args, jvp=(0, 1), vmap=(0, None), rtol=1e-3,
         source=COLA.format("linalg/decompositions/lanczos.py") + ", `run_shift` (the implicit restart's sweep of "
         "shifted QR steps H <- QᴴHQ, V <- VQ over the unwanted Ritz values, as `irl` calls it, on a 6 x 6 "
         "tridiagonal matrix with three shifts); the for_loop np_fns.py's `for iter in range(lower, upper)`")
def cola_run_shift(H, shifts):
    dtype = H.dtype
    Id = jnp.eye(*H.shape, dtype=dtype)
    max_iters = shifts.shape[0]
    V = jnp.eye(*H.shape, dtype=dtype)
    for idx in range(0, max_iters):
        Q, _ = lax.linalg.qr(H - shifts[idx] * Id, full_matrices=True)
        H = Q.conj().T @ H @ Q
        V = V @ Q
    return H, V


# --- wilson-labs/cola: linalg/decompositions/arnoldi.py, get_householder_vec ------------------------------------------

HH_IDX = 2


def _get_householder_vec(x, idx):
    sigma_2 = jnp.linalg.norm(x[idx + 1:])**2.
    vec = jnp.zeros_like(x)
    vec = vec.at[slice(idx, None, None)].set(x[idx:])
    if sigma_2 == 0 and x[idx] >= 0:
        beta = 0
    elif sigma_2 == 0 and x[idx] < 0:
        beta = -2
    else:
        x_norm_partial = jnp.sqrt(x[idx]**2 + sigma_2)
        if x[idx] <= 0:
            vec = vec.at[idx].set(x[idx] - x_norm_partial)
        else:
            vec = vec.at[idx].set(-sigma_2 / (x[idx] + x_norm_partial))
        beta = 2 * vec[idx]**2 / (sigma_2 + vec[idx]**2)
        vec = vec / vec[idx]
        vec = vec.at[slice(idx, None, None)].set(vec[idx:] / vec[idx])
    return vec, beta


def _householder_twin(x):
    # Not library code: `get_householder_vec`'s branches as lax.cond / lax.switch.
    idx = HH_IDX
    sigma_2 = jnp.linalg.norm(x[idx + 1:])**2.
    vec = jnp.zeros_like(x)
    vec = vec.at[slice(idx, None, None)].set(x[idx:])

    def general(vec):
        x_norm_partial = jnp.sqrt(x[idx]**2 + sigma_2)
        vec = lax.cond(x[idx] <= 0, lambda v: v.at[idx].set(x[idx] - x_norm_partial),
                       lambda v: v.at[idx].set(-sigma_2 / (x[idx] + x_norm_partial)), vec)
        beta = 2 * vec[idx]**2 / (sigma_2 + vec[idx]**2)
        vec = vec / vec[idx]
        vec = vec.at[slice(idx, None, None)].set(vec[idx:] / vec[idx])
        return vec, beta

    branch = jnp.where((sigma_2 == 0) & (x[idx] >= 0), 0, jnp.where((sigma_2 == 0) & (x[idx] < 0), 1, 2))
    return lax.switch(branch, [lambda v: (v, jnp.float32(0)), lambda v: (v, jnp.float32(-2)), general], vec)


@program(twin=_householder_twin, args=lambda: (jnp.array([0.3, -1.2, 0.8, 0.5, -0.4, 1.1]),), grad=(0,),
         loss=lambda out: jnp.sum(out[0] * jnp.arange(6.0)) + out[1], vmap=(0,), rtol=1e-4,
         source=COLA.format("linalg/decompositions/arnoldi.py") + ", `get_householder_vec` (the Householder "
         "vector and beta zeroing x below idx: `if sigma_2 == 0 and x[idx] >= 0` / `elif ... < 0` / `else` with a "
         "nested `if x[idx] <= 0` choosing the stable formula; idx=2, as the library writes it, with Python ifs on "
         "array values)")
def cola_householder_vec(x):
    return _get_householder_vec(x, HH_IDX)


# --- wilson-labs/cola: linalg/tbd/nullspace.py, krylov_constraint_solve_upto_r ----------------------------------------

KC_TOL = 1e-3 / 5  # the function's `tol /= 5` of tol=1e-3
KC_MAX_ITER = 10000


def _kc_body(C, lr, state):
    i, W, loss = state
    CW = C @ W
    grad = C.T @ CW
    W = W - lr * grad
    err = ((jnp.abs(CW)**2).sum() / 2)**.5
    return i + 1, W, err


def _krylov_constraint_twin(C, W, lr):
    def cond_fn(state):
        i, W, err = state
        return (err > KC_TOL) & (i < KC_MAX_ITER)

    return lax.while_loop(cond_fn, functools.partial(_kc_body, C, lr), (0, W, 1e10))


def _kc_args():
    k1, k2 = random.split(random.key(181))
    C = random.normal(k1, (4, 7))
    W = random.normal(k2, (7, 3)) / np.sqrt(7)
    lr = 1.5 / jnp.max(jnp.linalg.eigvalsh(C.T @ C))  # Not library code: the source's eigmax by its own routine
    return C, W, lr


@program(twin=_krylov_constraint_twin, args=_kc_args, jvp=(0, 1), vmap=(None, 0, None), rtol=1e-4,
         source=COLA.format("linalg/tbd/nullspace.py") + ", `krylov_constraint_solve_upto_r`'s loop (gradient "
         "descent on |CW|²/2 from a random W, lr = 1.5/eigmax(CᵀC) an argument, while err > tol and i < max_iter; "
         "tol=1e-3 divided by 5 as the source does; the SVD after the loop, of a data-dependent rank, left out); "
         "the while loop np_fns.py's")
def cola_krylov_constraint(C, W, lr):
    i, err = 0, 1e10
    while (err > KC_TOL) & (i < KC_MAX_ITER):
        CW = C @ W
        grad = C.T @ CW
        W = W - lr * grad
        err = ((jnp.abs(CW)**2).sum() / 2)**.5
        i = i + 1
    return i, W, err


# --- google-deepmind/synjax: the forward algorithms under the log semiring --------------------------------------------

INF = 1e5  # synjax/_src/constants.py


def _log_einsum_si_sij(state, matrix):
    # Not library code: LogSemiring().einsum("si,sij->sj", ...) written out (sum = logsumexp, mul = +)
    return jax.nn.logsumexp(state[:, :, None] + matrix, axis=1)


def _lccrf_prepare(log_potentials):
    n, t = log_potentials.shape[-3:-1]
    base_struct = jnp.zeros(log_potentials.shape)
    base_struct = base_struct.at[0, 1:].set(-INF)
    seq = (base_struct + log_potentials)[None]  # semiring.wrap
    seq = jnp.swapaxes(seq, 0, 1)  # (n, s, t, t)
    state = jnp.zeros(t)[None]  # semiring.one(t)
    return seq, state


def _lccrf_twin(log_potentials, length):
    seq, state = _lccrf_prepare(log_potentials)

    def loop(state, matrix):
        state = _log_einsum_si_sij(state, matrix)
        return state, state

    _, states = lax.scan(loop, state, seq)
    state = states[length - 1]
    return jax.nn.logsumexp(state, axis=-1)


@program(twin=_lccrf_twin, args=lambda: (random.normal(random.key(191), (7, 4, 4)), jnp.int32(5)), grad=(0,),
         loss=jnp.sum, vmap=(0, 0), rtol=1e-4,
         source=SYNJAX.format("linear_chain_crf.py") + ", `LinearChainCRF._structure_forward_sequential` (the "
         "forward algorithm: a lax.scan over the n positions contracting the state with each transition matrix, the "
         "state at lengths-1 picked, then summed) under semirings.py's LogSemiring, base_struct zeros as in "
         "`log_partition`; the scan a for over the positions appending to a list")
def synjax_linear_chain_crf(log_potentials, length):
    seq, state = _lccrf_prepare(log_potentials)
    states = []
    for matrix in seq:
        state = _log_einsum_si_sij(state, matrix)
        states.append(state)
    state = jnp.stack(states)[length - 1]
    return jax.nn.logsumexp(state, axis=-1)


def _smcrf_prepare(log_potentials):
    n, m, t = log_potentials.shape[-4:-1]
    base_struct = jnp.zeros(log_potentials.shape)
    seq = (base_struct + log_potentials)[None]  # (s, n, m, t, t)
    seq = jnp.swapaxes(seq, 0, 1)  # (n, s, m, t, t)
    state = jnp.full((m, t), -INF).at[0, 0].set(0)[None]
    return seq, state


def _log_einsum_smi_smij(state, transitions):
    # Not library code: LogSemiring().einsum("smi,smij->sj", ...) written out
    return jax.nn.logsumexp(state[:, :, :, None] + transitions, axis=(1, 2))


def _smcrf_twin(log_potentials, length):
    seq, state = _smcrf_prepare(log_potentials)

    def loop(state, transitions):
        out = _log_einsum_smi_smij(state, transitions)
        state = jnp.roll(state, 1, axis=-2).at[:, 0].set(out)
        return state, out

    _, states = lax.scan(loop, state, seq)
    state = states[length - 1]
    return jax.nn.logsumexp(state, axis=-1)


@program(twin=_smcrf_twin, args=lambda: (random.normal(random.key(201), (6, 3, 4, 4)), jnp.int32(6)), grad=(0,),
         loss=jnp.sum, vmap=(0, 0), rtol=1e-4,
         source=SYNJAX.format("semi_markov_crf.py") + ", `SemiMarkovCRF._structure_forward` (a lax.scan over "
         "positions whose state holds the last m segment ends, rolled one step and its head set to the contraction "
         "over skip and label) under LogSemiring, n=6, skip m=3, 4 labels; the scan a for over the positions")
def synjax_semi_markov_crf(log_potentials, length):
    seq, state = _smcrf_prepare(log_potentials)
    outs = []
    for transitions in seq:
        out = _log_einsum_smi_smij(state, transitions)
        state = jnp.roll(state, 1, axis=-2).at[:, 0].set(out)
        outs.append(out)
    state = jnp.stack(outs)[length - 1]
    return jax.nn.logsumexp(state, axis=-1)


def _alignment_masked_params(lp_h, lp_v):
    rows = lp_v.shape[0]
    lp_h = [x.at[..., 0].set(-INF * (jnp.arange(rows) > 0)) for x in lp_h]
    lp_h = [jnp.where(jnp.arange(rows)[:, None] >= i, x, -INF) for i, x in enumerate(lp_h)]
    lp_v = lp_v.at[..., 0, :].set(-INF)
    return lp_h, lp_v


def _alignment_prepare(lp_h0, lp_h1, lp_v):
    rows, cols = lp_v.shape
    init_state = jnp.full(rows, -INF).at[0].set(0)[None]
    base_struct = jnp.zeros((rows, cols))
    lp, lp_vert = _alignment_masked_params([lp_h0, lp_h1], lp_v)
    lp = [jnp.moveaxis((x + base_struct)[None], -1, 0) for x in lp]
    lp_vert = jnp.moveaxis((lp_vert + base_struct)[None], -1, 0)
    return init_state, lp, lp_vert


def _alignment_twin(lp_h0, lp_h1, lp_v, lengths_rows, lengths_cols):
    init_state, lp, lp_vert = _alignment_prepare(lp_h0, lp_h1, lp_v)

    def loop(state, inp):
        scores, scores_vert = inp
        out_state = state + scores[0]
        for shift, score in enumerate(scores[1:], 1):
            transition = score + jnp.roll(state, shift=shift, axis=-1)
            out_state = jnp.logaddexp(out_state, transition)

        def vertical_loop(up, inp2):
            curr, weight = inp2
            curr = jnp.logaddexp(curr, weight + up)
            return curr, curr
        out_state = lax.scan(vertical_loop, jnp.full((), -INF)[None], (out_state.T, scores_vert.T))[1].T
        return out_state, out_state

    _, outputs = lax.scan(loop, init_state, (lp, lp_vert))
    return outputs[lengths_cols - 1, :, lengths_rows - 1]


def _alignment_args():
    k1, k2, k3 = random.split(random.key(211), 3)
    return (random.normal(k1, (5, 6)), random.normal(k2, (5, 6)), random.normal(k3, (5, 6)), jnp.int32(4),
            jnp.int32(6))


@program(twin=_alignment_twin, args=_alignment_args, grad=(0, 1, 2), loss=jnp.sum, vmap=(0, 0, 0, None, None),
         rtol=1e-4,
         source=SYNJAX.format("alignment_monotone_general.py") + ", `GeneralMonotoneAlignmentCRF._structure_forward` "
         "with `_masked_params` (a lax.scan over columns: the horizontal moves added over a Python for over the "
         "shifts, then a nested lax.scan down the rows for the vertical moves; the output picked at the traced "
         "lengths) under LogSemiring, two horizontal potentials and a vertical one, 5 x 6; the scans for loops over "
         "the columns and rows appending to lists")
def synjax_monotone_alignment(lp_h0, lp_h1, lp_v, lengths_rows, lengths_cols):
    init_state, lp, lp_vert = _alignment_prepare(lp_h0, lp_h1, lp_v)
    state = init_state
    outputs = []
    for j in range(lp_vert.shape[0]):
        scores = [x[j] for x in lp]
        scores_vert = lp_vert[j]
        out_state = state + scores[0]
        for shift, score in enumerate(scores[1:], 1):
            transition = score + jnp.roll(state, shift=shift, axis=-1)
            out_state = jnp.logaddexp(out_state, transition)
        up = jnp.full((), -INF)[None]
        column = []
        for curr, weight in zip(out_state.T, scores_vert.T):
            curr = jnp.logaddexp(curr, weight + up)
            up = curr
            column.append(curr)
        out_state = jnp.stack(column).T
        state = out_state
        outputs.append(out_state)
    return jnp.stack(outputs)[lengths_cols - 1, :, lengths_rows - 1]


# --- pnkraemer/probdiffeq: util/cholesky_util.py, cholesky_hilbert ----------------------------------------------------

CH_N = 6


def _hilbert_prepare(K):
    n = CH_N
    Kf = jnp.asarray(K)
    odds = jnp.arange(1, 2 * n, step=2) + K  # `np.arange(K + 1, K + 2 * n, step=2)` with a traced K
    dr = jnp.sqrt(odds)
    f = jnp.ones((n,)) * (1.0 + Kf)
    return n, Kf, dr, f


def _hilbert_twin(K):
    n, Kf, dr, f = _hilbert_prepare(K)

    def f_body(idx, f):
        prev = f[idx - 1]
        idxf = jnp.asarray(idx)
        val = (((prev / idxf) * (Kf + 2.0 * idxf)) / (Kf + idxf)) * (Kf + 2.0 * idxf + 1.0)
        return f.at[idx].set(val)

    f = lax.fori_loop(1, n, f_body, f)
    f = 1.0 / f

    U = jnp.eye(n)

    def body_j(j_idx, U):
        g = U[:, j_idx]

        def inner_body(k, g):
            i = j_idx - 1 - k
            denom = jnp.asarray(j_idx - i)
            factor = Kf + jnp.asarray(i + 1) + jnp.asarray(j_idx + 1)
            newval = (g[i + 1] / denom) * factor
            return g.at[i].set(newval)

        g = lax.fori_loop(0, j_idx, inner_body, g)
        return U.at[:, j_idx].set(g)

    U = lax.fori_loop(1, n, body_j, U)
    U = U * (dr[:, None] * f[None, :])
    return jnp.tril(U.T)


@program(twin=_hilbert_twin, args=lambda: (jnp.float32(0.5),), jvp=(0,), vmap=(0,), rtol=1e-4,
         source=PROBDIFFEQ.format("util/cholesky_util.py") + ", `cholesky_hilbert` (W. Kahan's recurrence for the "
         "Cholesky factor of a shifted Hilbert matrix: a fori_loop for the scaling, then a fori_loop over columns "
         "holding a fori_loop over range(j_idx) that descends the column; n=6, the shift K a traced argument, so "
         "`np.arange(K + 1, K + 2n, 2)` is written arange(1, 2n, 2) + K); the fori_loops for over range, the inner "
         "one bounded by the outer index; no jax.grad: the source's inner fori_loop has a traced bound, which reverse "
         "mode refuses in the twin)")
def probdiffeq_cholesky_hilbert(K):
    n, Kf, dr, f = _hilbert_prepare(K)
    for idx in range(1, n):
        prev = f[idx - 1]
        idxf = jnp.asarray(idx)
        val = (((prev / idxf) * (Kf + 2.0 * idxf)) / (Kf + idxf)) * (Kf + 2.0 * idxf + 1.0)
        f = f.at[idx].set(val)
    f = 1.0 / f

    U = jnp.eye(n)
    for j_idx in range(1, n):
        g = U[:, j_idx]
        for k in range(0, j_idx):
            i = j_idx - 1 - k
            denom = jnp.asarray(j_idx - i)
            factor = Kf + jnp.asarray(i + 1) + jnp.asarray(j_idx + 1)
            newval = (g[i + 1] / denom) * factor
            g = g.at[i].set(newval)
        U = U.at[:, j_idx].set(g)
    U = U * (dr[:, None] * f[None, :])
    return jnp.tril(U.T)


# --- pnkraemer/probdiffeq: util/gram_util.py, exp_gram_cholesky with pade_and_legendre_3 ------------------------------

def _pl3_init(A, B, *, solve=jnp.linalg.solve):
    # `pade_and_legendre_3`'s `init` (linalg.vector_dot is jnp.dot, linalg.solve_lu jnp.linalg.solve)
    pade_coeffs = (120.0, 60.0, 12.0, 1.0)
    legendre_coeffs = [[120, 0, 2, 0], [0, 60, 0, 0], [0, 0, 10, 0], [0, 0, 0, 1]]
    legendre_norms = [1, 3, 5, 7]
    b = jnp.asarray(pade_coeffs, dtype=A.dtype)
    M, N = A.shape
    ident = jnp.eye(M, N, dtype=A.dtype)
    A2 = jnp.dot(A, A)
    U = jnp.dot(A, (b[3] * A2 + b[1] * ident))
    V = b[2] * A2 + b[0] * ident
    eA = solve(V - U, V + U)

    C = jnp.asarray(legendre_coeffs, dtype=A.dtype)
    P = A2
    L_even = [P @ B * C[0, 2] + B * C[0, 0], P @ B * C[2, 2]]
    L_odd = [A @ B * C[1, 1], A @ P @ B * C[3, 3]]

    Ls = []
    for l_i, l_o in zip(L_even, L_odd):
        Ls.append(l_i)
        Ls.append(l_o)

    sqr_norms = jnp.asarray(legendre_norms, dtype=A.dtype)
    Ls = [ell / jnp.sqrt(i) for i, ell in zip(sqr_norms, Ls)]
    rhs = jnp.concatenate(Ls, axis=-1)

    L = solve(V - U, rhs)
    L = jnp.linalg.qr(L.T, mode="r").T  # linalg.qr_r (its custom JVP left out)

    cholesky = jnp.zeros_like(A).at[: L.shape[0], : L.shape[1]].set(L)
    return eA, cholesky


PL3_Q, PL3_ETA_FP64, PL3_ETA_FP32 = 3, 0.0006794818550677766, 0.048


def _exp_gram_cholesky_init(A, B):
    n, _n = A.shape
    A_L1 = jnp.linalg.norm(A, ord=1)
    eta = PL3_ETA_FP64 if A.dtype == "float64" else PL3_ETA_FP32
    s1 = jnp.log2(A_L1 / eta)
    s2 = jnp.log2((n - 1) / PL3_Q)
    num = jnp.maximum(s1, s2)
    num = jnp.ceil(num)
    num = jnp.maximum(0.0, num)

    A = A / (2**num)
    B = B / jnp.sqrt(2**num)
    eA, S = _pl3_init(A, B)
    return eA, S, num


def _exp_gram_cholesky_double(carry):
    i, (eA, U) = carry
    stack = jnp.concatenate((U, eA @ U), axis=-1)
    U = jnp.linalg.qr(stack.T, mode="r").T
    eA = eA @ eA
    return i + 1, (eA, U)


def _exp_gram_finish(eA, U):
    scale = jnp.sign(jnp.diagonal(U))
    scale = jnp.where(scale == 0.0, 1.0, scale)
    U = U * scale[None, :]
    return eA, U


def _exp_gram_twin(A, B):
    eA, U, s = _exp_gram_cholesky_init(A, B)
    _s, (eA, U) = lax.while_loop(lambda c: c[0] < s, _exp_gram_cholesky_double, (0, (eA, U)))
    return _exp_gram_finish(eA, U)


def _exp_gram_args():
    k1, k2 = random.split(random.key(221))
    return 1.5 * random.normal(k1, (4, 4)), random.normal(k2, (4, 2))


@program(twin=_exp_gram_twin, args=_exp_gram_args, vmap=(0, None), rtol=1e-3,
         source=PROBDIFFEQ.format("util/gram_util.py") + ", `exp_gram_cholesky` with `_exp_gram_cholesky_init`, "
         "`_exp_gram_cholesky_double` and `pade_and_legendre_3` (the matrix exponential and the Cholesky factor "
         "of the finite-horizon Gramian by scaling, a Padé/Legendre approximation, then a flow.while_loop doubling "
         "while the counter is below the traced number of halvings s); the while loop `while i < s`")
def probdiffeq_exp_gram_cholesky(A, B):
    eA, U, s = _exp_gram_cholesky_init(A, B)
    i = 0
    while i < s:
        stack = jnp.concatenate((U, eA @ U), axis=-1)
        U = jnp.linalg.qr(stack.T, mode="r").T
        eA = eA @ eA
        i = i + 1
    return _exp_gram_finish(eA, U)


# --- google-deepmind/synjax: utils/autoregressive_decoding.py ---------------------------------------------------------
# The State (Not library code): a Markov chain over 5 tokens whose state is its last token; `logprobs` the row of a
# log transition matrix, `apply_transition(a)` the token a.

AD_MAX_LENGTH = 6
AD_K = 3


def _markov_logprobs(log_T, state):
    return log_T[state]


def _ancestral_twin(key, log_T, init_state):
    def f(carry, key):
        state, state_logprob = carry
        log_p = _markov_logprobs(log_T, state)
        p = jnp.exp(log_p)
        i = jax.random.choice(key, jnp.arange(len(p)), p=p)
        new_state = i  # state.apply_transition(i)
        new_state_logprob = state_logprob + log_p[i]
        return (new_state, new_state_logprob), i
    keys = jax.random.split(key, AD_MAX_LENGTH)
    (final_state, logprob), sample = jax.lax.scan(f, (init_state, jnp.zeros([])), keys)
    return final_state, logprob, sample


def _ad_args():
    logits = random.normal(random.key(231), (5, 5))
    return random.PRNGKey(232), jax.nn.log_softmax(logits, axis=-1), jnp.int32(1)


@program(twin=_ancestral_twin, args=_ad_args, jvp=(1,), vmap=(0, None, None), rtol=1e-4,
         source=SYNJAX.format("utils/autoregressive_decoding.py") + ", `single_ancestral_sample` (a lax.scan over "
         "max_length split keys, each step drawing an action with jax.random.choice from the state's "
         "probabilities, applying it and accumulating its log-probability) on a 5-token Markov chain, max_length=6; "
         "the scan a for over the keys appending the actions")
def synjax_ancestral_sample(key, log_T, init_state):
    keys = jax.random.split(key, AD_MAX_LENGTH)
    state, state_logprob = init_state, jnp.zeros([])
    sample = []
    for key in keys:
        log_p = _markov_logprobs(log_T, state)
        p = jnp.exp(log_p)
        i = jax.random.choice(key, jnp.arange(len(p)), p=p)
        state = i  # state.apply_transition(i)
        state_logprob = state_logprob + log_p[i]
        sample.append(i)
    return state, state_logprob, jnp.stack(sample)


def _gumbel_with_maximum(key, location, target_max, axis=-1):
    gumbels = location + jax.random.gumbel(key, location.shape)
    gumbels = jnp.where(jnp.isneginf(gumbels), -INF, gumbels)
    T = target_max
    Z = jnp.max(gumbels, axis=axis, keepdims=True)
    v = T - gumbels + jnp.log1p(-jnp.exp(gumbels - Z))
    return T - jax.nn.relu(v) - jnp.log1p(jnp.exp(-jnp.abs(v)))


def _sbs_parts(log_T, init_state, k):
    a = log_T.shape[-1]

    def expand(init_state):  # `_expand_initial_state_to_beam`
        beam_state = jax.lax.broadcast(init_state, (k,))
        return (beam_state, jnp.full(k, -jnp.inf).at[0].set(0), jnp.full(k, -jnp.inf).at[0].set(0))

    def subselect(beam_state, indices):  # `_beam_state_subselect`
        to_gather = indices // a
        to_apply = indices % a
        beam_state = beam_state[to_gather]
        beam_state = jax.vmap(lambda s, t: t)(beam_state, to_apply)  # apply_transition
        return beam_state

    return expand(init_state), subselect


def _sbs_step(log_T, subselect, k, is_regular_beam_search, beam, key):
    # `_stochastic_beam_search_loop_body`
    beam_state, phis, gs = beam
    phis = (jnp.expand_dims(phis, -1) + jax.vmap(functools.partial(_markov_logprobs, log_T))(beam_state))
    if is_regular_beam_search:
        gs = phis
    else:
        gs = _gumbel_with_maximum(key=key, location=phis, target_max=jnp.expand_dims(gs, -1))
    _, best_indices = jax.lax.top_k(gs.reshape(-1), k)
    return (subselect(beam_state, best_indices), phis.reshape(-1)[best_indices], gs.reshape(-1)[best_indices])


def _sbs_twin(key, log_T, init_state, is_regular_beam_search=False):
    init, subselect = _sbs_parts(log_T, init_state, AD_K)
    split_key = jnp.zeros(AD_MAX_LENGTH) if is_regular_beam_search else jax.random.split(key, AD_MAX_LENGTH)
    step = functools.partial(_sbs_step, log_T, subselect, AD_K, is_regular_beam_search)
    return jax.lax.scan(lambda beam, key: (step(beam, key), None), init, split_key)[0]


@program(twin=_sbs_twin, args=_ad_args, jvp=(1,), vmap=(0, None, None), rtol=1e-4,
         source=SYNJAX.format("utils/autoregressive_decoding.py") + ", `stochastic_beam_search` "
         "(`_GeneralStochasticBeamSearch.sample`: a lax.scan over split keys whose body extends each of k beams by "
         "every action, perturbs the scores by `_gumbel_with_maximum`, keeps the lax.top_k and gathers the beams "
         "with `_beam_state_subselect`) on the 5-token Markov chain, k=3, max_length=6; the scan a for over the keys")
def synjax_stochastic_beam_search(key, log_T, init_state, is_regular_beam_search=False):
    beam, subselect = _sbs_parts(log_T, init_state, AD_K)
    split_key = jnp.zeros(AD_MAX_LENGTH) if is_regular_beam_search else jax.random.split(key, AD_MAX_LENGTH)
    for key in split_key:
        beam_state, phis, gs = beam
        phis = (jnp.expand_dims(phis, -1) + jax.vmap(functools.partial(_markov_logprobs, log_T))(beam_state))
        if is_regular_beam_search:
            gs = phis
        else:
            gs = _gumbel_with_maximum(key=key, location=phis, target_max=jnp.expand_dims(gs, -1))
        _, best_indices = jax.lax.top_k(gs.reshape(-1), AD_K)
        beam = (subselect(beam_state, best_indices), phis.reshape(-1)[best_indices], gs.reshape(-1)[best_indices])
    return beam


def _bs_twin(log_T, init_state):
    return _sbs_twin(None, log_T, init_state, is_regular_beam_search=True)


@program(twin=_bs_twin, args=lambda: _ad_args()[1:], jvp=(0,), vmap=(0, None), rtol=1e-4,
         source=SYNJAX.format("utils/autoregressive_decoding.py") + ", `beam_search` (the same loop with "
         "is_regular_beam_search=True: the scan runs over jnp.zeros(max_length) and the scores are the "
         "log-probabilities, no Gumbel) on the 5-token Markov chain, k=3, max_length=6; the scan a for over the "
         "zeros")
def synjax_beam_search(log_T, init_state):
    return synjax_stochastic_beam_search(None, log_T, init_state, is_regular_beam_search=True)


# --- pnkraemer/probdiffeq: _ivpsolve/solvers_via_adaptive_steps.py and controllers.py ---------------------------------
# The adaptive loop of `solve_adaptive_save_at` (a flow.scan over the checkpoints whose body is `advance`'s while loop,
# each pass `RejectionLoop.loop`: a flow.cond into the rejection while loop, then a flow.switch among three
# interpolations) with `control_proportional_integral`, clip_dt=False, stop_gradient_through_dt=True. The library's
# states are dataclasses; here tuples: TimeStepState (dt, step_from, interp_from, control), the solver's state (t, u).
# The solver (Not library code; the library's are probabilistic filters and smoothers): Heun's method with an embedded
# Euler error estimate for u' = -u + sin(t) (componentwise), `error.estimate_error_norm`'s error_power =
# error_norm ** (-1 / rate) with the RMS of err / (atol + rtol |u|) and rate 2, linear interpolation.

PD_EPS = 1e-8
PD_DT0 = 0.1


def _pd_vf(u, t):
    return -u + jnp.sin(t)  # Not library code


def _pd_solver_step(step_from, dt):  # Not library code
    t, u = step_from
    k1 = _pd_vf(u, t)
    k2 = _pd_vf(u + dt * k1, t + dt)
    u_new = u + dt * (k1 + k2) / 2
    err = dt * (k2 - k1) / 2
    return (t + dt, u_new), err


def _pd_error_power(err, proposed, atol, rtol):  # Not library code
    _, u = proposed
    error_norm = jnp.sqrt(jnp.mean((err / (atol + rtol * jnp.abs(u))) ** 2))
    return error_norm ** (-1.0 / 2)


def _pd_interpolate(t, interp_from, interp_to):  # Not library code: linear interpolation
    (t0, u0), (t1_, u1) = interp_from, interp_to
    w = (t - t0) / (t1_ - t0)
    return (t, u0 + w * (u1 - u0))


def _pi_control_apply(dt, error_norm_inv_prev, error_power, safety=0.95, factor_min=0.2, factor_max=10.0,
                      exponent_integral=0.3, exponent_proportional=0.4):
    # controllers.py's `control_proportional_integral.apply` with its default parameters
    gain_integral = error_power**exponent_integral
    gain_proportional = (error_power / error_norm_inv_prev) ** exponent_proportional
    step_ratio_unclipped = safety * gain_integral * gain_proportional
    scale_factor_clipped_min = jnp.minimum(step_ratio_unclipped, factor_max)
    scale_factor = jnp.maximum(factor_min, scale_factor_clipped_min)
    error_norm_inv_prev = jnp.where(error_power >= 1.0, error_power, error_norm_inv_prev)
    dt_proposed = scale_factor * dt
    return dt_proposed, error_norm_inv_prev


def _pd_step_attempt(state, atol, rtol):
    # `RejectionLoop.step_attempt`; the rejection state (dt, acceptance, control, proposed, step_from)
    dt, _, control, _, step_from = state
    dt = lax.stop_gradient(dt)
    state_proposed, err = _pd_solver_step(step_from, dt)
    error_power = _pd_error_power(err, state_proposed, atol, rtol)
    dt, state_control = _pi_control_apply(dt, control, error_power)
    return dt, error_power, state_control, state_proposed, step_from


def _pd_step_init(s0):
    dt, step_from, _, control = s0
    ones = jax.tree.map(jnp.ones_like, step_from)
    return dt, 0.9, control, ones, step_from  # acceptance_factor_init = 0.9


def _pd_step_extract(state):
    dt, _, control, proposed, step_from = state
    return dt, proposed, step_from, control


def _pd_interp_skip(args):
    state, _t1 = args
    return state[1], state


def _pd_interp_beyond_t1(args):
    state, t1 = args
    dt, step_from, interp_from, control = state
    solution = _pd_interpolate(t1, interp_from, step_from)
    return solution, (dt, step_from, solution, control)


def _pd_interp_at_t1(args):
    state, t1 = args
    dt, step_from, interp_from, control = state
    return step_from, (dt, step_from, step_from, control)


def _pd_init(u, save_at):
    solution0 = (save_at[0], u)  # solver.init
    state = (jnp.asarray(PD_DT0), solution0, solution0, 1.0)  # loop.init with control.init(dt) = 1.0
    return solution0, state


def _pd_twin(u, save_at, atol, rtol):
    def rejection_step(args):  # `RejectionLoop.step`
        s, t1, atol, rtol = args
        state_new = lax.while_loop(lambda st: st[1] < 1.0, lambda st: _pd_step_attempt(st, atol, rtol),
                                   _pd_step_init(s))
        return _pd_step_extract(state_new)

    def loop(state0, t1):  # `RejectionLoop.loop`
        is_before_t1 = state0[1][0] + PD_EPS < t1
        state = lax.cond(is_before_t1, rejection_step, lambda s: s[0], (state0, t1, atol, rtol))
        is_before_t1 = state[1][0] + PD_EPS < t1
        is_after_t1 = state[1][0] > t1 + PD_EPS
        branch_idx = jnp.where(is_before_t1, 0, jnp.where(is_after_t1, 1, 2))
        return lax.switch(branch_idx, (_pd_interp_skip, _pd_interp_beyond_t1, _pd_interp_at_t1), (state, t1))

    def advance(sol_and_state, t_next):
        def body_fun(c):
            _, _, loopstate = c
            solution, state_new = loop(loopstate, t_next)
            do_continue = state_new[1][0] + PD_EPS < t_next
            return do_continue, solution, state_new

        advanced = lax.while_loop(lambda c: c[0], body_fun, (True, *sol_and_state))
        return (advanced[1], advanced[2]), advanced[1]

    solution0, state = _pd_init(u, save_at)
    (_solution, state), solution = lax.scan(advance, (solution0, state), save_at[1:])
    return solution


def _pd_args():
    return jnp.array([1.0, -0.5, 2.0]), jnp.array([0.0, 0.7, 1.5, 3.0]), jnp.float32(1e-3), jnp.float32(1e-3)


@program(twin=_pd_twin, args=_pd_args, jvp=(0,), vmap=(0, None, None, None), rtol=1e-4,
         source=PROBDIFFEQ.format("_ivpsolve/solvers_via_adaptive_steps.py") + ", `solve_adaptive_save_at`'s "
         "`solve` and `advance` with `RejectionLoop.loop`, `step`, `step_init_loopstate`, `step_attempt`, "
         "`step_extract_timestep_state` and the three interpolations, and _ivpsolve/controllers.py's "
         "`control_proportional_integral` (defaults), on a Heun/Euler solver marked Not library code; the scan over "
         "save_at[1:] a for, `advance`'s while loop (entered at least once: do_continue starts True) a while, "
         "the rejection loop a while on the acceptance factor, the flow.cond an if, the flow.switch if/elif/else")
def probdiffeq_adaptive_save_at(u, save_at, atol, rtol):
    solution0, state = _pd_init(u, save_at)
    solution = solution0  # the scan's carry (solution, state), as `advance`'s while loop starts from it
    solutions = []
    for t_next in save_at[1:]:
        do_continue = True
        while do_continue:
            # RejectionLoop.loop
            t1 = t_next
            if state[1][0] + PD_EPS < t1:
                rejection = _pd_step_init(state)
                while rejection[1] < 1.0:
                    rejection = _pd_step_attempt(rejection, atol, rtol)
                state = _pd_step_extract(rejection)
            is_before_t1 = state[1][0] + PD_EPS < t1
            is_after_t1 = state[1][0] > t1 + PD_EPS
            if is_before_t1:
                solution, state = _pd_interp_skip((state, t1))
            elif is_after_t1:
                solution, state = _pd_interp_beyond_t1((state, t1))
            else:
                solution, state = _pd_interp_at_t1((state, t1))
            do_continue = state[1][0] + PD_EPS < t_next
        solutions.append(solution)
    return jax.tree.map(lambda *xs: jnp.stack(xs), *solutions)
