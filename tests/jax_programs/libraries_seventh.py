"""A seventh set of programs, from four JAX libraries ``libraries`` cites for other code: NumPyro (there its ODE
example, von Mises sampler, HMM example, Holt-Winters and early-stopping Adam; here its binomial sampler, NUTS's
iterative turning check, the zero-truncated hurdle sampler, the rank-one Cholesky update, the inverse autoregressive
flow's inverse, the ensemble slice sampler's move, DiscreteHMCGibbs's Gibbs sweep, the search for valid initial
parameters and the warmup's windowed mass-matrix adaptation), jaxopt (there its bisection,
backtracking line search, ISTA, fixed-point iteration, Levenberg-Marquardt and Polyak SGD; here the Armijo-Goldstein
line search of ``ArmijoSGD``, the box-constrained coordinate-descent QP, L-BFGS's two-loop recursion and L-BFGS-B's
Cauchy point), dynamax (there its Kalman filter and HMM filter, backward filter and Viterbi; here the iterated
extended Kalman filter and smoother, the HMM posterior sampler and the switching linear dynamical system's
Rao-Blackwellized particle filter) and diffrax (there its PID-controlled Heun, Euler-Maruyama and semi-implicit
Euler; here its NaN-filling linear interpolation and the virtual Brownian tree), each written with Python control
flow over traced values next to a ``lax`` twin.

Each library writes its loop or branch with ``lax`` (``while_loop``, ``scan``, ``fori_loop``, ``cond``) or
``jnp.where``; ``plain`` is that loop or branch written with Python ``for``/``while``/``if``/``break``/``continue``
(the loop the library's docstring or comments describe; for jaxopt, the Python loop of its own ``loop.py``), the
twin is the library's code. The maths is the library's, adapted only in calling convention: arrays and tuples
instead of ``NamedTuple`` states, ``Distribution`` objects, ``equinox.Module`` paths and model parameter objects,
solver settings as constants, a fixed objective, potential, network or model where the library takes a callable;
TensorFlow Probability's Gaussian (dynamax's) as jax.scipy's and jax.random's; ``jax.jit`` around helpers and
``equinox.error_if`` checks are left out. Registered into ``programs.PROGRAMS`` (``programs.py`` imports this
module after ``libraries_sixth``).
"""

from __future__ import annotations

import jax
import jax.numpy as jnp
from jax import lax, random
from jax.flatten_util import ravel_pytree
from jax.scipy.linalg import cho_factor, cho_solve
from jax.scipy.stats import multivariate_normal

from jax_programs.libraries_fourth import _while_loop_scan  # (jaxopt's loop.py, as MuJoCo MJX copied it)
from jax_programs.programs import program

NUMPYRO = "pyro-ppl/numpyro@0b935d488056ae1775b4ab05cbe2812f51f21a4f (Apache-2.0) numpyro/{}"
JAXOPT = "google/jaxopt@2de13bf01fd29e22862236a0d869f2b14e1629d4 (Apache-2.0) jaxopt/_src/{}"
DYNAMAX = "probml/dynamax@cfb005fa18678fc1b91d03724d77b442312e1e3b (MIT) dynamax/{}"
DIFFRAX = "patrick-kidger/diffrax@5ea5fcb05058bd22548300a10ea5ef5ce7fb75bb (Apache-2.0) diffrax/{}"


# --- pyro-ppl/numpyro: the binomial sampler (inversion and BTRS), NUTS's iterative turning check, the hurdle
# distribution's zero-truncated sampler, the rank-one Cholesky update ----------------------------------------------

_binomial_mu_thresh = 10


def _stirling_approx_tail(k):
    precomputed = jnp.array(
        [
            0.08106146679532726,
            0.04134069595540929,
            0.02767792568499834,
            0.02079067210376509,
            0.01664469118982119,
            0.01387612882307075,
            0.01189670994589177,
            0.01041126526197209,
            0.009255462182712733,
            0.008330563433362871,
        ]
    )
    kp1 = k + 1
    kp1sq = (k + 1) ** 2
    return jnp.where(
        k < 10,
        precomputed[k],
        (1.0 / 12 - (1.0 / 360 - (1.0 / 1260) / kp1sq) / kp1sq) / kp1,
    )


def _get_tr_params(n, p):
    # See Table 1. Additionally, we pre-compute log(p), log1(-p) and the
    # constant terms, that depend only on (n, p, m) in log(f(k)) (bottom of page 5).
    # (the source's `_tr_params` namedtuple a tuple)
    mu = n * p
    spq = jnp.sqrt(mu * (1 - p))
    c = mu + 0.5
    b = 1.15 + 2.53 * spq
    a = -0.0873 + 0.0248 * b + 0.01 * p
    alpha = (2.83 + 5.1 / b) * spq
    u_r = 0.43
    v_r = 0.92 - 4.2 / b
    m = jnp.floor((n + 1) * p).astype(n.dtype)
    log_p = jnp.log(p)
    log1_p = jnp.log1p(-p)
    log_h = (m + 0.5) * (jnp.log((m + 1.0) / (n - m + 1.0)) + log1_p - log_p) + (
        _stirling_approx_tail(m) + _stirling_approx_tail(n - m)
    )
    return c, b, a, alpha, u_r, v_r, m, log_p, log1_p, log_h


def _btrs_log_f(n, k, tr_params):
    # See: formula for log(f(k)) at bottom of Page 5.
    c, b, a, alpha, u_r, v_r, m, log_p, log1_p, log_h = tr_params
    return (
        (n + 1.0) * jnp.log((n - m + 1.0) / (n - k + 1.0))
        + (k + 0.5) * (jnp.log((n - k + 1.0) / (k + 1.0)) + log_p - log1_p)
        + (_stirling_approx_tail(k) - _stirling_approx_tail(n - k))
        + log_h
    )


def _binomial_btrs(key, p, n):
    """
    Based on the transformed rejection sampling algorithm (BTRS) from the
    following reference:

    Hormann, "The Generation of Binonmial Random Variates"
    (https://core.ac.uk/download/pdf/11007254.pdf)
    """
    tr_params = _get_tr_params(n, p)
    c, b, a, alpha, u_r, v_r = tr_params[:6]

    def _btrs_body_fn(val):
        _, key, _, _ = val
        key, key_u, key_v = random.split(key, 3)
        u = random.uniform(key_u)
        v = random.uniform(key_v)
        u = u - 0.5
        k = jnp.floor(
            (2 * a / (0.5 - jnp.abs(u)) + b) * u + c
        ).astype(n.dtype)
        return k, key, u, v

    def _btrs_cond_fn(val):
        def accept_fn(k, u, v):
            # See acceptance condition in Step 3. (Page 3) of TRS algorithm
            # v <= f(k) * g_grad(u) / alpha
            log_f = _btrs_log_f(n, k, tr_params)
            g = (a / (0.5 - jnp.abs(u)) ** 2) + b
            return jnp.log((v * alpha) / g) <= log_f

        k, key, u, v = val
        early_accept = (jnp.abs(u) <= u_r) & (v <= v_r)
        early_reject = (k < 0) | (k > n)
        cond_exclude_small_mu = p * n >= _binomial_mu_thresh
        # (the source's lax.cond(pred, true_operand, true_fun, false_operand, false_fun), in today's signature)
        cond_main = lax.cond(
            early_accept | early_reject,
            lambda x: ~early_accept,
            lambda x: ~accept_fn(*x),
            (k, u, v),
        )
        return cond_exclude_small_mu & cond_main

    ret = lax.while_loop(
        _btrs_cond_fn, _btrs_body_fn, (-1, key, 1.0, 1.0)
    )  # use k=-1 initially so that cond_fn returns True
    return ret[0]


def _binomial_inversion(key, p, n):
    def _binom_inv_body_fn(val):
        i, key, geom_acc = val
        key, key_u = random.split(key)
        u = random.uniform(key_u)
        geom = jnp.floor(jnp.log1p(-u) / log1_p) + 1
        geom_acc = geom_acc + geom
        return i + 1, key, geom_acc

    def _binom_inv_cond_fn(val):
        i, _, geom_acc = val
        cond_exclude_large_mu = p * n < _binomial_mu_thresh
        return cond_exclude_large_mu & (geom_acc <= n)

    log1_p = jnp.log1p(-p)
    # Make sure p=0 is never taken into account as a fix for possible zeros in p.
    log1_p = jnp.where(log1_p == 0, -jnp.finfo(log1_p.dtype).tiny, log1_p)
    ret = lax.while_loop(_binom_inv_cond_fn, _binom_inv_body_fn, (-1, key, 0.0))
    return ret[0]


def _binomial_dispatch_twin(key, p, n):
    def dispatch(key, p, n):
        is_le_mid = p <= 0.5
        pq = jnp.where(is_le_mid, p, 1 - p)
        mu = n * pq
        k = lax.cond(
            mu < _binomial_mu_thresh,
            lambda x: _binomial_inversion(*x),
            lambda x: _binomial_btrs(*x),
            (key, pq, n),
        )
        return jnp.where(is_le_mid, k, n - k)

    # Return 0 for nan `p` or negative `n`, since nan values are not allowed for integer types
    cond0 = jnp.isfinite(p) & (n > 0) & (p > 0)
    return lax.cond(
        cond0 & (p < 1),
        lambda x: dispatch(*x),
        lambda x: jnp.where(cond0, n, 0),
        (key, p, n),
    )


@program(twin=_binomial_dispatch_twin, args=lambda: (random.key(21), jnp.float32(0.3), jnp.int32(50)),
         vmap=(None, 0, None),
         source=NUMPYRO.format("distributions/util.py") + ", `_binomial_dispatch` (lax.conds: 0 or n outside "
         "0 < p < 1, then by the mean np: `_binomial_inversion`, a lax.while_loop summing geometric jumps, or "
         "`_binomial_btrs`, Hormann's transformed rejection with squeeze, a lax.while_loop whose condition is a "
         "lax.cond of early accept/reject and the exact test) with `_get_tr_params` and `stirling_approx_tail`, for "
         "one (p, n); the lax.cond calls in today's signature; the conds if/else, the inversion loop a while on an "
         "`and`, the BTRS loop a `while True` with `break` and `continue` (the source's condition read in order)")
def numpyro_binomial(key, p, n):
    cond0 = jnp.isfinite(p) & (n > 0) & (p > 0)
    if cond0 & (p < 1):
        is_le_mid = p <= 0.5
        pq = jnp.where(is_le_mid, p, 1 - p)
        mu = n * pq
        if mu < _binomial_mu_thresh:
            # inversion: count geometric jumps until they pass n
            log1_p = jnp.log1p(-pq)
            log1_p = jnp.where(log1_p == 0, -jnp.finfo(log1_p.dtype).tiny, log1_p)
            k = -1
            geom_acc = 0.0
            while pq * n < _binomial_mu_thresh and geom_acc <= n:
                key, key_u = random.split(key)
                u = random.uniform(key_u)
                geom = jnp.floor(jnp.log1p(-u) / log1_p) + 1
                geom_acc = geom_acc + geom
                k = k + 1
        else:
            # BTRS
            tr_params = _get_tr_params(n, pq)
            c, b, a, alpha, u_r, v_r = tr_params[:6]
            k = -1
            while True:
                key, key_u, key_v = random.split(key, 3)
                u = random.uniform(key_u)
                v = random.uniform(key_v)
                u = u - 0.5
                k = jnp.floor((2 * a / (0.5 - jnp.abs(u)) + b) * u + c).astype(n.dtype)
                if not pq * n >= _binomial_mu_thresh:
                    break
                if jnp.abs(u) <= u_r and v <= v_r:  # early accept
                    break
                if k < 0 or k > n:  # early reject
                    continue
                g = (a / (0.5 - jnp.abs(u)) ** 2) + b
                if jnp.log((v * alpha) / g) <= _btrs_log_f(n, k, tr_params):
                    break
        if is_le_mid:
            return k
        else:
            return n - k
    else:
        if cond0:
            return n
        else:
            return 0


def _momentum_angle(inverse_mass_matrix, r_left, r_right, r_sum):
    # hmc_util.py (a diagonal inverse mass matrix, flat momenta)
    v_left = jnp.multiply(inverse_mass_matrix, r_left)
    v_right = jnp.multiply(inverse_mass_matrix, r_right)
    # This implements dynamic termination criterion (ref [2], section A.4.2).
    r_sum = r_sum - (r_left + r_right) / 2
    return jnp.dot(v_left, r_sum), jnp.dot(v_right, r_sum)


def _is_turning(inverse_mass_matrix, r_left, r_right, r_sum):
    left_angle, right_angle = _momentum_angle(
        inverse_mass_matrix, r_left, r_right, r_sum
    )
    turning_at_left = left_angle <= 0
    turning_at_right = right_angle <= 0
    return turning_at_left | turning_at_right


def _leaf_idx_to_ckpt_idxs(n):
    # computes the number of non-zero bits except the last bit
    # e.g. 6 -> 2, 7 -> 2, 13 -> 2
    idx_max = jnp.bitwise_count(n >> 1).astype(jnp.int32)
    # computes the number of contiguous last non-zero bits
    # e.g. 6 -> 0, 7 -> 3, 13 -> 1
    num_subtrees = jnp.bitwise_count((~n & (n + 1)) - 1).astype(jnp.int32)
    idx_min = idx_max - num_subtrees + 1
    return idx_min, idx_max


def _iterative_turning_twin(inverse_mass_matrix, r, r_sum, r_ckpts, r_sum_ckpts, n):
    idx_min, idx_max = _leaf_idx_to_ckpt_idxs(n)

    def _body_fn(state):
        i, _ = state
        subtree_r_sum = r_sum - r_sum_ckpts[i] + r_ckpts[i]
        r_left = r_ckpts[i]
        return i - 1, _is_turning(inverse_mass_matrix, r_left, r, subtree_r_sum)

    _, turning = lax.while_loop(
        lambda it: (it[0] >= idx_min) & ~it[1], _body_fn, (idx_max, False)
    )
    return turning


def _iterative_turning_args():
    k1, k2, k3 = random.split(random.key(22), 3)
    r_ckpts = random.normal(k1, (4, 3))
    r_sum_ckpts = jnp.cumsum(random.normal(k2, (4, 3)), axis=0)
    r = random.normal(k3, (3,))
    return jnp.array([1.0, 0.5, 2.0]), r, r_sum_ckpts[-1] + r, r_ckpts, r_sum_ckpts, jnp.int32(7)


@program(twin=_iterative_turning_twin, args=_iterative_turning_args, vmap=(None, 0, 0, None, None, 0),
         source=NUMPYRO.format("infer/hmc_util.py") + ", `_is_iterative_turning` (NUTS's iterative tree building: "
         "a lax.while_loop down the checkpoints from idx_max to idx_min, stopping at the first turning subtree) with "
         "`_leaf_idx_to_ckpt_idxs`, `_is_turning` and `_momentum_angle` (a diagonal inverse mass matrix); the loop a "
         "while on the index with a `break` when the subtree turns (an `or` of the two angles' signs)")
def numpyro_iterative_turning(inverse_mass_matrix, r, r_sum, r_ckpts, r_sum_ckpts, n):
    idx_min, idx_max = _leaf_idx_to_ckpt_idxs(n)
    i = idx_max
    turning = False
    while i >= idx_min:
        subtree_r_sum = r_sum - r_sum_ckpts[i] + r_ckpts[i]
        r_left = r_ckpts[i]
        left_angle, right_angle = _momentum_angle(inverse_mass_matrix, r_left, r, subtree_r_sum)
        i = i - 1
        if left_angle <= 0 or right_angle <= 0:
            turning = True
            break
    return turning


def _hurdle_twin(key, gate, rate, sample_shape=(6,)):
    # HurdleProbs(Poisson(rate), gate).sample: its batch shape rate's
    key_bern, key_base = random.split(key)
    shape = sample_shape + jnp.shape(rate)
    zero_mask = random.bernoulli(key_bern, gate, shape)

    # _sample_truncated:
    # Rejection sampling from the zero-truncated base distribution: redraw any
    # element that came back as 0 until all elements are strictly positive.
    first = random.poisson(key_base, rate, shape=shape)

    def cond_fun(state):
        _, current = state
        return jnp.any(current == 0)

    def body_fun(state):
        k, current = state
        k, sub = random.split(k)
        candidate = random.poisson(sub, rate, shape=shape)
        current = jnp.where(current == 0, candidate, current)
        return (k, current)

    _, samples = lax.while_loop(cond_fun, body_fun, (key_base, first))
    return jnp.where(zero_mask, jnp.zeros_like(samples), samples)


@program(twin=_hurdle_twin, args=lambda: (random.key(23), jnp.float32(0.3), jnp.array([0.4, 1.5, 3.0])),
         vmap=(None, 0, None),
         source=NUMPYRO.format("distributions/discrete.py") + ", `HurdleProbs.sample` and `_sample_truncated` (a "
         "lax.while_loop redrawing every zero of a Poisson base until none is left), sample_shape (6,); the loop a "
         "while on jnp.any")
def numpyro_hurdle_poisson(key, gate, rate, sample_shape=(6,)):
    key_bern, key_base = random.split(key)
    shape = sample_shape + jnp.shape(rate)
    zero_mask = random.bernoulli(key_bern, gate, shape)
    samples = random.poisson(key_base, rate, shape=shape)
    k = key_base
    while jnp.any(samples == 0):
        k, sub = random.split(k)
        candidate = random.poisson(sub, rate, shape=shape)
        samples = jnp.where(samples == 0, candidate, samples)
    return jnp.where(zero_mask, jnp.zeros_like(samples), samples)


def _cholesky_update_twin(L, x, coef=1):
    """
    Finds cholesky of L @ L.T + coef * x @ x.T.

    **References;**

        1. A more efficient rank-one covariance matrix update for evolution strategies,
           Oswin Krause and Christian Igel
    """
    batch_shape = lax.broadcast_shapes(L.shape[:-2], x.shape[:-1])
    L = jnp.broadcast_to(L, batch_shape + L.shape[-2:])
    x = jnp.broadcast_to(x, batch_shape + x.shape[-1:])
    diag = jnp.diagonal(L, axis1=-2, axis2=-1)
    # convert to unit diagonal triangular matrix: L @ D @ T.t
    L = L / diag[..., None, :]
    D = jnp.square(diag)

    def scan_fn(carry, val):
        b, w = carry
        j, Dj, L_j = val
        wj = w[..., j]
        gamma = b * Dj + coef * jnp.square(wj)
        Dj_new = gamma / b
        b = gamma / Dj_new

        # update vectors w and L_j
        w = w - wj[..., None] * L_j
        L_j = L_j + (coef * wj / gamma)[..., None] * w
        return (b, w), (Dj_new, L_j)

    D, L = jnp.moveaxis(D, -1, 0), jnp.moveaxis(L, -1, 0)  # move scan dim to front
    _, (D, L) = lax.scan(
        scan_fn, (jnp.ones(batch_shape), x), (jnp.arange(D.shape[0]), D, L)
    )
    D, L = jnp.moveaxis(D, 0, -1), jnp.moveaxis(L, 0, -1)  # move scan dim back
    return L * jnp.sqrt(D)[..., None, :]


def _cholesky_update_args():
    k1, k2 = random.split(random.key(24))
    A = random.normal(k1, (4, 4))
    return jnp.linalg.cholesky(A @ A.T + 4.0 * jnp.eye(4)), random.normal(k2, (4,))


@program(twin=_cholesky_update_twin, args=_cholesky_update_args, grad=(0, 1),
         loss=lambda out: jnp.sum(out * jnp.arange(16.0).reshape(4, 4)), vmap=(None, 0), rtol=1e-4,
         source=NUMPYRO.format("distributions/util.py") + ", `cholesky_update` (Krause & Igel's rank-one update of "
         "a Cholesky factor: a lax.scan over the columns), coef=1; the scan a for over range(n) appending the new "
         "diagonal entries and columns")
def numpyro_cholesky_update(L, x, coef=1):
    diag = jnp.diagonal(L)
    L = L / diag[None, :]
    D = jnp.square(diag)
    b = 1.0
    w = x
    Ds, Ls = [], []
    for j in range(D.shape[0]):
        Dj, L_j = D[j], L[:, j]
        wj = w[j]
        gamma = b * Dj + coef * jnp.square(wj)
        Dj_new = gamma / b
        b = gamma / Dj_new
        w = w - wj * L_j
        L_j = L_j + (coef * wj / gamma) * w
        Ds.append(Dj_new)
        Ls.append(L_j)
    return jnp.stack(Ls, axis=-1) * jnp.sqrt(jnp.stack(Ds))[None, :]



def _clamp_preserve_gradients(x, min, max):
    # flows.py
    return x + lax.stop_gradient(jnp.clip(x, min, max) - x)


def _made(params, x):
    """A fixed autoregressive network (one masked affine layer: output i sees x[:i] only) returning a mean and a
    log scale, standing for the `autoregressive_nn` the transform takes."""
    Wm, bm, Ws, bs = params
    mask = jnp.tril(jnp.ones_like(Wm), k=-1)
    return (Wm * mask) @ x + bm, (Ws * mask) @ x + bs


def _iaf_inverse_twin(params, y, log_scale_min_clip=-5.0, log_scale_max_clip=3.0):
    # InverseAutoregressiveTransform(arn)._inverse
    # NOTE: Inversion is an expensive operation that scales in the dimension of the input
    def _update_x(i, x):
        mean, log_scale = _made(params, x)
        inverse_scale = jnp.exp(
            -_clamp_preserve_gradients(
                log_scale, min=log_scale_min_clip, max=log_scale_max_clip
            )
        )
        x = (y - mean) * inverse_scale
        return x

    x = lax.fori_loop(0, y.shape[-1], _update_x, jnp.zeros(y.shape))
    return x


def _iaf_args():
    k1, k2, k3, k4, k5 = random.split(random.key(32), 5)
    params = (random.normal(k1, (5, 5)), 0.3 * random.normal(k2, (5,)), 2.0 * random.normal(k3, (5, 5)),
              0.3 * random.normal(k4, (5,)))
    return params, random.normal(k5, (5,))


@program(twin=_iaf_inverse_twin, args=_iaf_args, grad=(0, 1), loss=lambda out: jnp.sum(out * jnp.arange(1.0, 6.0)),
         vmap=(None, 0), rtol=1e-4,
         source=NUMPYRO.format("distributions/flows.py") + ", `InverseAutoregressiveTransform._inverse` (numpyro's "
         "`fori_loop` over the dimension: each pass recomputes mean and log scale from the current x and fixes one "
         "more coordinate) with `_clamp_preserve_gradients` (the log scale clipped to [-5, 3], some entries clipped "
         "here), a fixed one-layer masked autoregressive network; the loop a for over range(d)")
def numpyro_iaf_inverse(params, y, log_scale_min_clip=-5.0, log_scale_max_clip=3.0):
    x = jnp.zeros(y.shape)
    for _ in range(y.shape[-1]):
        mean, log_scale = _made(params, x)
        x = (y - mean) * jnp.exp(-_clamp_preserve_gradients(log_scale, log_scale_min_clip, log_scale_max_clip))
    return x


ESS_PRECISION = jnp.array([[2.0, 0.9], [0.9, 1.0]])
ESS_MAX_STEPS, ESS_MAX_ITER = 10_000, 10_000  # ESS's defaults


def _ess_batch_log_density(x):
    # ESS's `batch_log_density`: -vmap(potential_fn)(z)[:, None], for a correlated Gaussian
    return -jax.vmap(lambda z: 0.5 * z @ ESS_PRECISION @ z)(x)[:, jnp.newaxis]


def _ess_twin(rng_key, active, directions):
    # ESS.update_active_chains' slice move for given directions: the slice height, `_step_out`, `_shrink`
    height_key, step_out_key, shrink_key = random.split(rng_key, 3)
    n_active_chains, n_params = active.shape
    log_slice_height = _ess_batch_log_density(active) - random.exponential(height_key, (n_active_chains, 1))

    def _step_out(rng_key, log_slice_height, active, directions):
        init_L_key, init_J_key = random.split(rng_key)
        n_active_chains, n_params = active.shape

        iteration = 0
        n_expansions = 0
        # set initial interval boundaries
        L = -random.uniform(init_L_key, shape=(n_active_chains, 1))
        R = L + 1.0

        # stepping out
        J = jnp.floor(random.uniform(init_J_key, shape=(n_active_chains, 1), minval=0, maxval=ESS_MAX_STEPS))
        K = (ESS_MAX_STEPS - 1) - J

        # left stepping-out initialisation
        mask_J = jnp.full((n_active_chains, 1), True)
        # right stepping-out initialisation
        mask_K = jnp.full((n_active_chains, 1), True)

        init_values = (n_expansions, L, R, J, K, mask_J, mask_K, iteration)

        def cond_fn(args):
            n_expansions, L, R, J, K, mask_J, mask_K, iteration = args

            return (jnp.count_nonzero(mask_J) + jnp.count_nonzero(mask_K) > 0) & (
                iteration < ESS_MAX_ITER
            )

        def body_fn(args):
            n_expansions, L, R, J, K, mask_J, mask_K, iteration = args

            log_prob_L = _ess_batch_log_density(directions * L + active)
            log_prob_R = _ess_batch_log_density(directions * R + active)

            can_expand_L = log_prob_L > log_slice_height
            L = jnp.where(can_expand_L, L - 1, L)
            J = jnp.where(can_expand_L, J - 1, J)
            mask_J = jnp.where(can_expand_L, mask_J, False)

            can_expand_R = log_prob_R > log_slice_height
            R = jnp.where(can_expand_R, R + 1, R)
            K = jnp.where(can_expand_R, K - 1, K)
            mask_K = jnp.where(can_expand_R, mask_K, False)

            iteration += 1
            n_expansions += jnp.count_nonzero(can_expand_L) + jnp.count_nonzero(
                can_expand_R
            )

            return (n_expansions, L, R, J, K, mask_J, mask_K, iteration)

        n_expansions, L, R, J, K, mask_J, mask_K, iteration = jax.lax.while_loop(
            cond_fn, body_fn, init_values
        )

        return n_expansions, L, R

    def _shrink(rng_key, log_slice_height, L, R, active, directions):
        n_active_chains, n_params = active.shape

        iteration = 0
        n_contractions = 0
        widths = jnp.zeros((n_active_chains, 1))
        proposed = jnp.zeros((n_active_chains, n_params))
        can_shrink = jnp.full((n_active_chains, 1), True)

        init_values = (rng_key, proposed, n_contractions, L, R, widths, can_shrink, iteration)

        def cond_fn(args):
            rng_key, proposed, n_contractions, L, R, widths, can_shrink, iteration = args

            return (jnp.count_nonzero(can_shrink) > 0) & (iteration < ESS_MAX_ITER)

        def body_fn(args):
            rng_key, proposed, n_contractions, L, R, widths, can_shrink, iteration = args

            rng_key, _ = random.split(rng_key)

            widths = jnp.where(
                can_shrink, random.uniform(rng_key, shape=L.shape, minval=L, maxval=R), widths
            )

            # compute new positions
            proposed = jnp.where(can_shrink, directions * widths + active, proposed)
            proposed_log_prob = _ess_batch_log_density(proposed)

            # shrink slices
            can_shrink = proposed_log_prob < log_slice_height

            L_cond = can_shrink & (widths < 0.0)
            L = jnp.where(L_cond, widths, L)

            R_cond = can_shrink & (widths > 0.0)
            R = jnp.where(R_cond, widths, R)

            iteration += 1
            n_contractions += jnp.count_nonzero(L_cond) + jnp.count_nonzero(R_cond)

            return (rng_key, proposed, n_contractions, L, R, widths, can_shrink, iteration)

        (rng_key, proposed, n_contractions, L, R, widths, can_shrink, iteration) = jax.lax.while_loop(
            cond_fn, body_fn, init_values)

        return proposed, n_contractions

    n_expansions, L, R = _step_out(step_out_key, log_slice_height, active, directions)
    proposal, n_contractions = _shrink(shrink_key, log_slice_height, L, R, active, directions)
    return proposal, n_expansions, n_contractions


def _ess_args():
    k1, k2 = random.split(random.key(33))
    return random.key(34), random.normal(k1, (4, 2)), 0.6 * random.normal(k2, (4, 2))


@program(twin=_ess_twin, args=_ess_args, vmap=(None, 0, None),
         source=NUMPYRO.format("infer/ensemble.py") + ", `ESS.update_active_chains`' slice move (Karamanis & "
         "Beutler's ensemble slice sampling) for given directions: an exponential slice height, `_step_out` (a "
         "lax.while_loop widening every chain's interval while both ends stay in the slice, the chains masked as "
         "they stop) and `_shrink` (a lax.while_loop drawing in the interval and shrinking it towards the chain until "
         "every proposal is in the slice), four chains on a correlated Gaussian, the sizes' uniforms and exponential "
         "as the dist objects draw them; the loops whiles on an `or` of jnp.any and an `and` with the iteration cap")
def numpyro_ess_slice(rng_key, active, directions):
    height_key, step_out_key, shrink_key = random.split(rng_key, 3)
    n_active_chains, n_params = active.shape
    log_slice_height = _ess_batch_log_density(active) - random.exponential(height_key, (n_active_chains, 1))
    # stepping out
    init_L_key, init_J_key = random.split(step_out_key)
    iteration = 0
    n_expansions = 0
    L = -random.uniform(init_L_key, shape=(n_active_chains, 1))
    R = L + 1.0
    J = jnp.floor(random.uniform(init_J_key, shape=(n_active_chains, 1), minval=0, maxval=ESS_MAX_STEPS))
    K = (ESS_MAX_STEPS - 1) - J
    mask_J = jnp.full((n_active_chains, 1), True)
    mask_K = jnp.full((n_active_chains, 1), True)
    while (jnp.any(mask_J) or jnp.any(mask_K)) and iteration < ESS_MAX_ITER:
        can_expand_L = _ess_batch_log_density(directions * L + active) > log_slice_height
        can_expand_R = _ess_batch_log_density(directions * R + active) > log_slice_height
        L = jnp.where(can_expand_L, L - 1, L)
        J = jnp.where(can_expand_L, J - 1, J)
        mask_J = jnp.where(can_expand_L, mask_J, False)
        R = jnp.where(can_expand_R, R + 1, R)
        K = jnp.where(can_expand_R, K - 1, K)
        mask_K = jnp.where(can_expand_R, mask_K, False)
        iteration += 1
        n_expansions += jnp.count_nonzero(can_expand_L) + jnp.count_nonzero(can_expand_R)
    # shrinking
    rng_key = shrink_key
    iteration = 0
    n_contractions = 0
    widths = jnp.zeros((n_active_chains, 1))
    proposed = jnp.zeros((n_active_chains, n_params))
    can_shrink = jnp.full((n_active_chains, 1), True)
    while jnp.any(can_shrink) and iteration < ESS_MAX_ITER:
        rng_key, _ = random.split(rng_key)
        widths = jnp.where(can_shrink, random.uniform(rng_key, shape=L.shape, minval=L, maxval=R), widths)
        proposed = jnp.where(can_shrink, directions * widths + active, proposed)
        can_shrink = _ess_batch_log_density(proposed) < log_slice_height
        L_cond = can_shrink & (widths < 0.0)
        L = jnp.where(L_cond, widths, L)
        R_cond = can_shrink & (widths > 0.0)
        R = jnp.where(R_cond, widths, R)
        iteration += 1
        n_contractions += jnp.count_nonzero(L_cond) + jnp.count_nonzero(R_cond)
    return proposed, n_expansions, n_contractions



def _gibbs_potential(unary, z):
    """A fixed potential energy over five discrete sites on a chain: a table of unary terms and a coupling that
    favours equal neighbours (the model's potential_fn, its continuous sites left out)."""
    return -jnp.sum(unary[jnp.arange(z.shape[0]), z]) - 0.8 * jnp.sum(z[1:] == z[:-1])


def _discrete_gibbs_proposal_body_fn(z_init_flat, pe_init, potential_fn, idx, i, val):
    # hmc_gibbs.py (ravel_pytree's unravel_fn the identity: the sites one flat array)
    rng_key, z, pe, log_weight_sum = val
    rng_key, rng_transition = random.split(rng_key)
    proposal = jnp.where(i >= z_init_flat[idx], i + 1, i)
    z_new_flat = z_init_flat.at[idx].set(proposal)
    z_new = z_new_flat
    pe_new = potential_fn(z_new)
    log_weight_new = pe_init - pe_new
    # Handles the NaN case...
    log_weight_new = jnp.where(jnp.isfinite(log_weight_new), log_weight_new, -jnp.inf)
    # transition_prob = e^weight_new / (e^weight_logsumexp + e^weight_new)
    transition_prob = jax.scipy.special.expit(log_weight_new - log_weight_sum)
    # (numpyro.util.cond(pred, true_operand, true_fun, false_operand, false_fun) as lax.cond)
    z, pe = lax.cond(
        random.bernoulli(rng_transition, transition_prob),
        lambda: (z_new, pe_new),
        lambda: (z, pe),
    )
    log_weight_sum = jnp.logaddexp(log_weight_new, log_weight_sum)
    return rng_key, z, pe, log_weight_sum


def _discrete_gibbs_proposal(rng_key, z_discrete, pe, potential_fn, idx, support_size):
    # idx: current index of `z_discrete_flat` to update
    # support_size: support size of z_discrete at the index idx
    z_discrete_flat = z_discrete
    # Here we loop over the support of z_flat[idx] to get z_new
    body_fn = lambda i, val: _discrete_gibbs_proposal_body_fn(  # noqa: E731 - the source's functools.partial
        z_discrete_flat, pe, potential_fn, idx, i, val)
    init_val = (rng_key, z_discrete, pe, jnp.array(0.0))
    rng_key, z_new, pe_new, _ = lax.fori_loop(0, support_size - 1, body_fn, init_val)
    log_accept_ratio = jnp.array(0.0)
    return rng_key, z_new, pe_new, log_accept_ratio


def _discrete_gibbs_twin(rng_key, z, unary, support_sizes):
    # `_discrete_gibbs_fn(potential_fn, support_sizes, _discrete_gibbs_proposal)`'s `gibbs_fn`, pe computed from z
    potential_fn = lambda z: _gibbs_potential(unary, z)  # noqa: E731
    pe = potential_fn(z)
    support_sizes_flat = support_sizes
    num_discretes = support_sizes_flat.shape[0]

    rng_key, rng_permute = random.split(rng_key)
    idxs = random.permutation(rng_key, jnp.arange(num_discretes))

    def body_fn(i, val):
        idx = idxs[i]
        support_size = support_sizes_flat[idx]
        rng_key, z, pe = val
        rng_key, z_new, pe_new, log_accept_ratio = _discrete_gibbs_proposal(
            rng_key, z, pe, potential_fn=potential_fn, idx=idx, support_size=support_size)
        rng_key, rng_accept = random.split(rng_key)
        # u ~ Uniform(0, 1), u < accept_ratio => -log(u) > -log_accept_ratio
        # and -log(u) ~ exponential(1)
        z, pe = lax.cond(
            random.exponential(rng_accept) > -log_accept_ratio,
            lambda: (z_new, pe_new),
            lambda: (z, pe),
        )
        return rng_key, z, pe

    init_val = (rng_key, z, pe)
    _, gibbs_sites, pe = lax.fori_loop(0, num_discretes, body_fn, init_val)
    return gibbs_sites, pe


def _discrete_gibbs_args():
    return (random.key(35), jnp.array([0, 1, 2, 0, 1]), 1.2 * random.normal(random.key(36), (5, 4)),
            jnp.array([3, 2, 4, 3, 2]))


@program(twin=_discrete_gibbs_twin, args=_discrete_gibbs_args, vmap=(None, None, 0, None),
         known_failure="the sweep's for over range(num_discretes) holds a for over range(support_sizes[idx] - 1), "
                       "whose bound reads a traced argument: inner_ranges refuses it, so the outer loop is unrolled "
                       "with an UnrolledLoopWarning (values right), though unrolled the inner bound is still traced "
                       "(each copy a while_loop, as in the twin's scan)",
         source=NUMPYRO.format("infer/hmc_gibbs.py") + ", `_discrete_gibbs_fn`'s `gibbs_fn` with "
         "`_discrete_gibbs_proposal` (DiscreteHMCGibbs's Gibbs sweep: a fori_loop over the sites in a random order, "
         "each drawing a new value by an online categorical draw over the other values of its support, a fori_loop "
         "up to the site's traced support size with a cond on a Bernoulli, then a cond accepting it), numpyro's "
         "`cond` as lax.cond, for a chain of five sites with supports 3, 2, 4, 3, 2; the loops for loops, the inner "
         "over range(support_size - 1) (a traced bound), the conds ifs, the proposal a conditional expression")
def numpyro_discrete_gibbs(rng_key, z, unary, support_sizes):
    pe = _gibbs_potential(unary, z)
    num_discretes = support_sizes.shape[0]
    rng_key, rng_permute = random.split(rng_key)
    idxs = random.permutation(rng_key, jnp.arange(num_discretes))
    for i in range(num_discretes):
        idx = idxs[i]
        z_init, pe_init = z, pe
        z_prop, pe_prop = z, pe
        log_weight_sum = 0.0
        for j in range(support_sizes[idx] - 1):
            rng_key, rng_transition = random.split(rng_key)
            proposal = j + 1 if j >= z_init[idx] else j
            z_new = z_init.at[idx].set(proposal)
            pe_new = _gibbs_potential(unary, z_new)
            log_weight_new = pe_init - pe_new
            if not jnp.isfinite(log_weight_new):  # Handles the NaN case...
                log_weight_new = -jnp.inf
            transition_prob = jax.scipy.special.expit(log_weight_new - log_weight_sum)
            if random.bernoulli(rng_transition, transition_prob):
                z_prop, pe_prop = z_new, pe_new
            log_weight_sum = jnp.logaddexp(log_weight_new, log_weight_sum)
        log_accept_ratio = 0.0
        rng_key, rng_accept = random.split(rng_key)
        if random.exponential(rng_accept) > -log_accept_ratio:
            z, pe = z_prop, pe_prop
    return z, pe



PROTOTYPE_PARAMS = {"loc": jnp.zeros(2), "rate": jnp.zeros(())}
INIT_RADIUS = 2  # init_to_uniform's default radius


def _init_potential_energy(params, scale):
    """A fixed potential energy standing for the model's (`potential_energy(model, ...)`): a Gaussian on `loc` and a
    Gamma(3, 1) log density on `rate`, whose log is NaN at a negative unconstrained draw."""
    return 0.5 * jnp.sum(params["loc"] ** 2) / scale - 2.0 * jnp.log(params["rate"]) + params["rate"]


def _find_valid_initial_params_twin(rng_key, scale):
    # `find_valid_initial_params(rng_key, model, init_strategy=init_to_uniform, prototype_params=...)` under jit (the
    # rng key a tracer: no early exit), its radius branch (no model tracing), validate_grad=True
    radius = INIT_RADIUS
    prototype_params = PROTOTYPE_PARAMS
    init_values = {}

    def cond_fn(state):
        i, _, _, is_valid = state
        return (i < 100) & (~is_valid)

    def body_fn(state):
        i, key, _, _ = state
        key, subkey = random.split(key)

        params = {}
        for k, v in prototype_params.items():
            if k in init_values:
                params[k] = init_values[k]
            else:
                params[k] = random.uniform(
                    subkey, jnp.shape(v), minval=-radius, maxval=radius
                )
                key, subkey = random.split(key)

        potential_fn = lambda params: _init_potential_energy(params, scale)  # noqa: E731
        pe, z_grad = jax.value_and_grad(potential_fn)(params)
        z_grad_flat = ravel_pytree(z_grad)[0]
        is_valid = jnp.isfinite(pe) & jnp.all(jnp.isfinite(z_grad_flat))

        return i + 1, key, (params, pe, z_grad), is_valid

    prototype_grads = prototype_params
    init_state = (0, rng_key, (prototype_params, 0.0, prototype_grads), False)
    _, _, (init_params, pe, z_grad), is_valid = lax.while_loop(
        cond_fn, body_fn, init_state
    )
    return (init_params, pe, z_grad), is_valid


@program(twin=_find_valid_initial_params_twin, args=lambda: (random.key(38), jnp.float32(1.5)), jvp=(1,),
         vmap=(None, 0),
         source=NUMPYRO.format("infer/util.py") + ", `find_valid_initial_params` (init_to_uniform with prototype "
         "params: a lax.while_loop drawing uniform unconstrained values in [-2, 2] until the potential energy and its "
         "gradient are finite, at most 100 draws), a fixed potential of a dict of two sites; the loop a while on an "
         "`and` with `not`, the params a dict rebuilt each iteration")
def numpyro_find_valid_initial_params(rng_key, scale):
    i = 0
    key = rng_key
    params, pe, z_grad = PROTOTYPE_PARAMS, 0.0, PROTOTYPE_PARAMS
    is_valid = False
    while i < 100 and not is_valid:
        key, subkey = random.split(key)
        params = {}
        for k, v in PROTOTYPE_PARAMS.items():
            params[k] = random.uniform(subkey, jnp.shape(v), minval=-INIT_RADIUS, maxval=INIT_RADIUS)
            key, subkey = random.split(key)
        pe, z_grad = jax.value_and_grad(_init_potential_energy)(params, scale)
        is_valid = jnp.isfinite(pe) & jnp.all(jnp.isfinite(ravel_pytree(z_grad)[0]))
        i = i + 1
    return (params, pe, z_grad), is_valid



def _build_adaptation_schedule(num_steps):
    """
    Builds a window adaptation schedule to be used during warmup phase of HMC.
    (hmc_util.py's; its AdaptWindow namedtuples (start, end) pairs)
    """
    adaptation_schedule = []
    if num_steps < 20:
        adaptation_schedule.append((0, num_steps - 1))
        return adaptation_schedule

    start_buffer_size = 75  # from Stan
    end_buffer_size = 50  # from Stan
    init_window_size = 25  # from Stan
    if (start_buffer_size + end_buffer_size + init_window_size) > num_steps:
        start_buffer_size = int(0.15 * num_steps)
        end_buffer_size = int(0.1 * num_steps)
        init_window_size = num_steps - start_buffer_size - end_buffer_size

    adaptation_schedule.append((0, start_buffer_size - 1))
    end_window_start = num_steps - end_buffer_size

    next_window_size = init_window_size
    next_window_start = start_buffer_size
    while next_window_start < end_window_start:
        cur_window_start, cur_window_size = next_window_start, next_window_size
        if 3 * cur_window_size <= end_window_start - cur_window_start:
            next_window_size = 2 * cur_window_size
        else:
            cur_window_size = end_window_start - cur_window_start
        next_window_start = cur_window_start + cur_window_size
        adaptation_schedule.append((cur_window_start, next_window_start - 1))
    adaptation_schedule.append((end_window_start, num_steps - 1))
    return adaptation_schedule


NUM_ADAPT_STEPS = 200
ADAPTATION_SCHEDULE = _build_adaptation_schedule(NUM_ADAPT_STEPS)  # (0, 74), (75, 99), (100, 149), (150, 199)


def _welford_init(size):
    # welford_covariance(diagonal=True)'s init_fn
    shape = (size,)
    mean = jnp.zeros(shape[-1])
    m2 = jnp.zeros(shape)
    n = jnp.array(0, dtype=jnp.result_type(int))
    return mean, m2, n


def _welford_update(sample, state):
    mean, m2, n = state
    n = n + 1
    delta_pre = sample - mean
    mean = mean + delta_pre / n
    delta_post = sample - mean
    m2 = m2 + delta_pre * delta_post
    return mean, m2, n


def _welford_final(state, regularize=False):
    mean, m2, n = state
    # Note: it is not necessary to check for the case n=1
    cov = m2 / (n - 1)
    if regularize:
        # Regularization from Stan
        scaled_cov = (n / (n + 5)) * cov
        shrinkage = 1e-3 * (5 / (n + 5))
        cov = scaled_cov + shrinkage
    tril_inv = jnp.sqrt(cov)
    cov_inv_sqrt = jnp.reciprocal(tril_inv)
    return cov, cov_inv_sqrt, tril_inv


def _warmup_mass_matrix_twin(zs):
    # warmup_adapter(NUM_ADAPT_STEPS, adapt_step_size=False, adapt_mass_matrix=True, dense_mass=False)'s init_fn and
    # update_fn (with numpyro's `cond` as lax.cond), stepped over the warmup samples by a lax.fori_loop as
    # hmc.py's sample loop steps it; the state the mass-matrix part of HMCAdaptState
    num_windows = len(ADAPTATION_SCHEDULE)
    size = zs.shape[-1]

    def _update_at_window_end(state):
        inverse_mass_matrix, mass_matrix_sqrt, mass_matrix_sqrt_inv, mm_state, window_idx = state
        inverse_mass_matrix, mass_matrix_sqrt, mass_matrix_sqrt_inv = _welford_final(mm_state, regularize=True)
        mm_state = _welford_init(size)
        return inverse_mass_matrix, mass_matrix_sqrt, mass_matrix_sqrt_inv, mm_state, window_idx

    def update_fn(t, state):
        z = zs[t]
        inverse_mass_matrix, mass_matrix_sqrt, mass_matrix_sqrt_inv, mm_state, window_idx = state
        # update mass matrix state
        is_middle_window = (0 < window_idx) & (window_idx < (num_windows - 1))
        mm_state = lax.cond(is_middle_window, lambda: _welford_update(z, mm_state), lambda: mm_state)

        t_at_window_end = t == jnp.asarray(ADAPTATION_SCHEDULE)[window_idx, 1]
        window_idx = jnp.where(t_at_window_end, window_idx + 1, window_idx)
        state = (inverse_mass_matrix, mass_matrix_sqrt, mass_matrix_sqrt_inv, mm_state, window_idx)
        state = lax.cond(t_at_window_end & is_middle_window, lambda: _update_at_window_end(state), lambda: state)
        return state

    ones = jnp.ones(size)  # _initialize_mass_matrix's identity
    init = (ones, ones, ones, _welford_init(size), jnp.array(0, dtype=jnp.result_type(int)))
    inverse_mass_matrix, mass_matrix_sqrt, mass_matrix_sqrt_inv, _, window_idx = lax.fori_loop(
        0, NUM_ADAPT_STEPS, update_fn, init)
    return inverse_mass_matrix, mass_matrix_sqrt, mass_matrix_sqrt_inv, window_idx


def _warmup_args():
    k1, k2 = random.split(random.key(39))
    drift = jnp.linspace(1.0, 0.0, NUM_ADAPT_STEPS)[:, None] * random.normal(k1, (3,))
    return (drift + jnp.array([0.5, 1.0, 2.0]) * random.normal(k2, (NUM_ADAPT_STEPS, 3)),)


@program(twin=_warmup_mass_matrix_twin, args=_warmup_args, grad=(0,),
         loss=lambda out: jnp.sum(out[0]) + jnp.sum(out[1] ** 2), vmap=(0,), rtol=1e-4,
         source=NUMPYRO.format("infer/hmc_util.py") + ", `warmup_adapter`'s `update_fn` with adapt_step_size=False "
         "(Stan's windowed adaptation of a diagonal mass matrix: `build_adaptation_schedule`'s windows for 200 warmup "
         "steps, `welford_covariance` updated by a cond inside the middle windows, the regularized estimate taken by "
         "a cond at each middle window's end), stepped over a fixed sequence of 200 samples; the conds ifs, the "
         "middle-window test a chained comparison, the schedule's end read by the traced window index")
def numpyro_warmup_mass_matrix(zs):
    schedule = jnp.asarray(ADAPTATION_SCHEDULE)
    num_windows = len(ADAPTATION_SCHEDULE)
    size = zs.shape[-1]
    inverse_mass_matrix = mass_matrix_sqrt = mass_matrix_sqrt_inv = jnp.ones(size)
    mean, m2, n = jnp.zeros(size), jnp.zeros(size), 0
    window_idx = 0
    for t in range(NUM_ADAPT_STEPS):
        z = zs[t]
        is_middle_window = 0 < window_idx < num_windows - 1
        if is_middle_window:  # Welford's update
            n = n + 1
            delta_pre = z - mean
            mean = mean + delta_pre / n
            m2 = m2 + delta_pre * (z - mean)
        if t == schedule[window_idx, 1]:
            window_idx = window_idx + 1
            if is_middle_window:  # the end of a middle window: the regularized estimate, a new Welford state
                cov = m2 / (n - 1)
                cov = (n / (n + 5)) * cov + 1e-3 * (5 / (n + 5))
                inverse_mass_matrix, mass_matrix_sqrt, mass_matrix_sqrt_inv = cov, 1 / jnp.sqrt(cov), jnp.sqrt(cov)
                mean, m2, n = jnp.zeros(size), jnp.zeros(size), 0
    return inverse_mass_matrix, mass_matrix_sqrt, mass_matrix_sqrt_inv, window_idx


# --- google/jaxopt: ArmijoSGD's Armijo-Goldstein line search, the box-constrained coordinate-descent QP, L-BFGS's
# two-loop recursion, L-BFGS-B's Cauchy point ------------------------------------------------------------------------

def _while_loop_lax(cond_fun, body_fun, init_val, maxiter):
    """lax.while_loop based implementation (jit by default, no reverse-mode)."""
    # loop.py
    def _cond_fun(_val):
        it, val = _val
        return jnp.logical_and(cond_fun(val), it <= maxiter - 1)

    def _body_fun(_val):
        it, val = _val
        val = body_fun(val)
        return it+1, val

    return jax.lax.while_loop(_cond_fun, _body_fun, (0, init_val))[1]


# jaxopt's loop.py `_while_loop_scan`: line for line the function MuJoCo MJX copied, libraries_fourth's (imported).


def _armijo_fun(w):
    # a fixed objective: a smooth ill-conditioned bowl with a quartic term
    return 0.5 * (w[0] ** 2 + 10.0 * w[1] ** 2) + 0.25 * jnp.sum(w ** 4)


def _wolfe_cond_violated(stepsize, coef, f_cur, f_next, grad_sqnorm):
    eps = jnp.finfo(f_next.dtype).eps
    return stepsize * coef * grad_sqnorm > f_cur - f_next + eps


def _curvature_cond_violated(stepsize, coef, f_cur, f_next, grad_sqnorm):
    return f_next < f_cur - stepsize * (1.-coef) * grad_sqnorm


# ArmijoSGD's defaults (coef = 1 - aggressiveness), goldstein on
ARMIJO_COEF, ARMIJO_DECREASE, ARMIJO_INCREASE, ARMIJO_MAX_STEPSIZE, ARMIJO_MAXLS = 1 - 0.9, 0.8, 1.5, 1.0, 15


def _armijo_twin(params, stepsize, goldstein=True):
    coef, decrease_factor, increase_factor = ARMIJO_COEF, ARMIJO_DECREASE, ARMIJO_INCREASE
    max_stepsize, maxls = ARMIJO_MAX_STEPSIZE, ARMIJO_MAXLS
    f_cur, grad = jax.value_and_grad(_armijo_fun)(params)
    next_params = params - stepsize * grad
    f_next = _armijo_fun(next_params)
    grad_sqnorm = jnp.sum(grad ** 2)

    def update_stepsize(t):
        """Multiply stepsize per factor, return new params and new value."""
        stepsize, factor = t
        stepsize = stepsize * factor
        stepsize = jnp.minimum(stepsize, max_stepsize)
        next_params = params - stepsize * grad
        f_next = _armijo_fun(next_params)
        return stepsize, next_params, f_next

    def body_fun(t):
        stepsize, next_params, f_next, _ = t

        violated = _wolfe_cond_violated(stepsize, coef, f_cur, f_next, grad_sqnorm)
        stepsize, next_params, f_next = lax.cond(
          violated, update_stepsize,
          lambda _: (stepsize, next_params, f_next),
          operand=(stepsize, decrease_factor))

        if goldstein:
            goldstein_violated = _curvature_cond_violated(stepsize, coef, f_cur,
                                                          f_next, grad_sqnorm)
            stepsize, next_params, f_next = lax.cond(
              goldstein_violated, update_stepsize,
              lambda _: (stepsize, next_params, f_next),
              operand=(stepsize, increase_factor))
            violated = jnp.logical_or(violated, goldstein_violated)

        return stepsize, next_params, f_next, violated

    init_val = stepsize, next_params, f_next, jnp.array(True)
    ret = _while_loop_lax(cond_fun=lambda t: t[-1],  # check boolean violated
                          body_fun=body_fun,
                          init_val=init_val, maxiter=maxls)
    return ret[:-1]   # remove boolean


@program(twin=_armijo_twin, args=lambda: (jnp.array([1.5, -0.8]), jnp.float32(1.0)), jvp=(0, 1),
         vmap=(0, None), rtol=1e-4,
         source=JAXOPT.format("armijo_sgd.py") + ", `armijo_line_search` with goldstein=True and ArmijoSGD's "
         "defaults (two lax.conds shrinking or growing the step inside loop.py's `while_loop`, here its "
         "`_while_loop_lax`: at most maxls=15 iterations while a condition is violated), for a fixed quartic bowl; "
         "the loop loop.py's own `_while_loop_python` (a for over range(maxiter) with `if not cond: break`), the "
         "conds ifs, the violation an `or`")
def jaxopt_armijo_line_search(params, stepsize, goldstein=True):
    f_cur, grad = jax.value_and_grad(_armijo_fun)(params)
    next_params = params - stepsize * grad
    f_next = _armijo_fun(next_params)
    grad_sqnorm = jnp.sum(grad ** 2)
    violated = True
    for _ in range(ARMIJO_MAXLS):
        if not violated:
            break
        violated = _wolfe_cond_violated(stepsize, ARMIJO_COEF, f_cur, f_next, grad_sqnorm)
        if violated:
            stepsize = jnp.minimum(stepsize * ARMIJO_DECREASE, ARMIJO_MAX_STEPSIZE)
            next_params = params - stepsize * grad
            f_next = _armijo_fun(next_params)
        if goldstein:
            goldstein_violated = _curvature_cond_violated(stepsize, ARMIJO_COEF, f_cur, f_next, grad_sqnorm)
            if goldstein_violated:
                stepsize = jnp.minimum(stepsize * ARMIJO_INCREASE, ARMIJO_MAX_STEPSIZE)
                next_params = params - stepsize * grad
                f_next = _armijo_fun(next_params)
            violated = violated or goldstein_violated
    return stepsize, next_params, f_next


def _fori_loop_body_fun(i, tup):
    # cd_qp.py
    x, Q, c, l, u, error = tup  # noqa: E741 - the source's names
    # i-th element of the gradient
    g_i = jnp.dot(Q[i], x) + c[i]
    # i-th diagonal element of the Hessian
    h_i = Q[i, i]
    # Newton-update and avoid division by zero
    update = jnp.where(h_i == 0, 0, g_i / h_i)
    # Newton-update + clipping to satisfy the box constraint
    x_i_new = jnp.clip(x[i] - update, l[i], u[i])
    delta_i = x_i_new - x[i]
    # Cumulated error
    error += jnp.abs(delta_i)
    x = x.at[i].set(x_i_new)
    return x, Q, c, l, u, error


def _box_cd_qp_twin(Q, c, l, u, maxiter=500, tol=1e-4):  # noqa: E741 - the source's names
    # BoxCDQP(maxiter, tol, implicit_diff=False, unroll=True).run(init_params=zeros, params_obj=(Q, c),
    # params_ineq=(l, u)): base.py's `_run` (the first update unrolled, then loop.py's while_loop with
    # maxiter - 1 while error > tol, here its scan form) around `BoxCDQP.update`
    def update(params):
        init = (params, Q, c, l, u, 0)
        # todo: ability to permute coordinate order.
        params, _, _, _, _, error = jax.lax.fori_loop(lower=0,
                                                      upper=params.shape[0],
                                                      body_fun=_fori_loop_body_fun,
                                                      init_val=init)
        return params, error

    def _cond_fun(state):
        return state[1] > tol

    def _body_fun(state):
        return update(state[0])

    init_params = jnp.zeros_like(c)
    opt_step = update(init_params)
    return _while_loop_scan(_cond_fun, _body_fun, opt_step, maxiter - 1)


def _box_cd_qp_args():
    A = random.normal(random.key(25), (4, 4))
    return A @ A.T + 0.5 * jnp.eye(4), jnp.array([1.0, -2.0, 0.5, 3.0]), -jnp.ones(4), 0.8 * jnp.ones(4)


def _box_cd_qp_epoch(x, Q, c, l, u):  # noqa: E741 - the source's names
    # BoxCDQP.update's fori_loop of `fori_loop_body_fun`, a for over the coordinates
    error = 0
    for i in range(x.shape[0]):
        g_i = jnp.dot(Q[i], x) + c[i]
        h_i = Q[i, i]
        if h_i == 0:  # avoid division by zero
            update = 0
        else:
            update = g_i / h_i
        x_i_new = jnp.clip(x[i] - update, l[i], u[i])
        error += jnp.abs(x_i_new - x[i])
        x = x.at[i].set(x_i_new)
    return x, error


@program(twin=_box_cd_qp_twin, args=_box_cd_qp_args, grad=(0, 1, 2, 3), loss=lambda out: jnp.sum(out[0] ** 2),
         vmap=(None, 0, None, None), rtol=1e-4,
         source=JAXOPT.format("cd_qp.py") + ", `BoxCDQP.run` (implicit_diff=False, unroll=True: base.py's `_run`, "
         "the first epoch before loop.py's scan-based `while_loop` of at most maxiter - 1 epochs while the error "
         "exceeds tol, each epoch a lax.fori_loop of clipped coordinate Newton steps, `fori_loop_body_fun`), for "
         "0.5 x'Qx + c'x on a box; the while loop.py's `_while_loop_python` (a for with `if not cond: break`), the "
         "epoch a for over the coordinates, the division guard an if/else")
def jaxopt_box_cd_qp(Q, c, l, u, maxiter=500, tol=1e-4):  # noqa: E741 - the source's names
    x, error = _box_cd_qp_epoch(jnp.zeros_like(c), Q, c, l, u)  # the first update, before the loop (base.py)
    for _ in range(maxiter - 1):
        if not error > tol:
            break
        x, error = _box_cd_qp_epoch(x, Q, c, l, u)
    return x, error


def _inv_hessian_product_twin(pytree, s_history, y_history, rho_history, gamma, start):
    # lbfgs.py's `inv_hessian_product`, its pytree an array (tree_vdot_real a jnp.vdot, tree_add_scalar_mul an axpy)
    history_size = rho_history.shape[0]

    indices = (start + jnp.arange(history_size)) % history_size

    def body_right(r, i):
        si, yi = s_history[i], y_history[i]
        alpha = rho_history[i] * jnp.vdot(si, r)
        r = r + -alpha * yi
        return r, alpha
    r, alpha = jax.lax.scan(body_right, pytree, indices, reverse=True)

    r = gamma * r

    def body_left(r, args):
        i, alpha = args
        si, yi = s_history[i], y_history[i]
        beta = rho_history[i] * jnp.vdot(yi, r)
        r = r + (alpha - beta) * si
        return r, beta
    r, _ = jax.lax.scan(body_left, r, (indices, alpha))

    return r


def _inv_hessian_product_args():
    k1, k2, k3 = random.split(random.key(26), 3)
    s = random.normal(k1, (5, 4))
    y = s + 0.3 * random.normal(k2, (5, 4))  # curvature pairs of a near-identity Hessian
    rho = 1.0 / jnp.sum(s * y, axis=1)
    return random.normal(k3, (4,)), s, y, rho, jnp.float32(0.8), jnp.int32(3)


@program(twin=_inv_hessian_product_twin, args=_inv_hessian_product_args, grad=(0, 1, 2, 3, 4),
         loss=lambda out: jnp.sum(out * jnp.arange(1.0, 5.0)), vmap=(0, None, None, None, None, None), rtol=1e-4,
         source=JAXOPT.format("lbfgs.py") + ", `inv_hessian_product` (Nocedal & Wright's Algorithm 7.4: a reverse "
         "lax.scan over the circular history from `start`, then a forward one with the alphas), a history of 5; "
         "the scans a for over the reversed indices appending alphas and a for over zip(indices, reversed alphas)")
def jaxopt_lbfgs_two_loop(pytree, s_history, y_history, rho_history, gamma, start):
    history_size = rho_history.shape[0]
    indices = (start + jnp.arange(history_size)) % history_size
    r = pytree
    alphas = []
    for i in indices[::-1]:
        alpha = rho_history[i] * jnp.vdot(s_history[i], r)
        r = r - alpha * y_history[i]
        alphas.append(alpha)
    r = gamma * r
    for i, alpha in zip(indices, reversed(alphas)):
        beta = rho_history[i] * jnp.vdot(y_history[i], r)
        r = r + (alpha - beta) * s_history[i]
    return r


def _find_cauchy_point_twin(x, grad, lower, upper, theta, w, m):
    # lbfgsb.py's `_find_cauchy_point`
    eps = jnp.finfo(x.dtype).eps
    t = jnp.where(
        jnp.abs(grad) < eps, jnp.inf,
        jnp.where(grad < 0., (x - upper) / grad, (x - lower) / grad))
    d = jnp.where(t < eps, 0., -grad)
    x_bound = jnp.where(d > 0., upper, jnp.where(d < 0., lower, x))

    # Sort coordinates by the distance from the bounds, divided by the gradient.
    t_ind = jnp.argsort(t, axis=-1)
    t_sorted = t[t_ind]
    dt = jnp.diff(jnp.pad(t_sorted, (1, 0), "constant"))

    # Begin the loop at the first coordinate that is not at a bound.
    active_set_mask_sorted = t_sorted > eps
    start_ind = jnp.argmax(
        jnp.concatenate([active_set_mask_sorted,
                         jnp.ones([1]).astype(jnp.bool_)],
                        axis=0))

    init_c = jnp.zeros(m.shape[-1:], dtype=m.dtype)
    init_p = jnp.dot(w.T, d)
    init_df = -jnp.dot(d, d)
    init_ddf = -theta * init_df - jnp.dot(jnp.matmul(m, init_p), init_p)
    init_state = (start_ind, init_df, init_ddf, active_set_mask_sorted, init_c,
                  init_p)

    def _cond(state):
        return (-state[1] / state[2] >= dt[state[0]]) & (state[0] < x.shape[-1])

    def _body(args):
        i, df, ddf, mask, c, p = args
        j = t_ind[i]  # index of the unsorted array
        c_new = c + dt[i] * p
        df_new = (
            df
            + dt[i] * ddf
            + grad[j] ** 2
            + theta * grad[j] * (x_bound[j] - x[j])
            - grad[j] * jnp.dot(w[j], jnp.matmul(m, c_new))
        )
        ddf_new = (
            ddf
            - theta * grad[j] ** 2
            - 2.0 * grad[j] * jnp.dot(w[j], jnp.matmul(m, p))
            - grad[j] ** 2 * jnp.dot(w[j], jnp.matmul(m, w[j]))
        )
        ddf_new = jnp.maximum(eps, ddf_new)
        p_new = p + grad[j] * w[j]
        return (i + 1, df_new, ddf_new, mask.at[i].set(False), c_new, p_new)

    i, df, ddf, mask_sorted, c, p = jax.lax.while_loop(_cond, _body, init_state)
    dt_min = jnp.maximum(-df / ddf, jnp.zeros([], dtype=m.dtype))
    dt_min = jnp.where(jnp.isnan(dt_min), jnp.zeros([], dtype=m.dtype), dt_min)
    t_old = (
        jax.lax.cond(
            i > 0, lambda: t_sorted[i - 1], lambda: jnp.zeros([], dtype=m.dtype)
        )
        + dt_min
    )
    active_set_mask = mask_sorted[jnp.argsort(t_ind)]
    x_cauchy = jnp.where(active_set_mask, x + t_old * d, x_bound)
    return x_cauchy, c + dt_min * p, active_set_mask


def _cauchy_point_args():
    k1, k2 = random.split(random.key(27))
    w = 0.3 * random.normal(k1, (6, 4))
    m = 0.2 * jnp.eye(4) + 0.05 * random.normal(k2, (4, 4))
    x = jnp.array([0.2, -0.5, 0.9, 0.0, 0.4, -0.9])
    grad = jnp.array([1.5, -0.4, -0.6, 2.0, 0.05, 0.8])
    return x, grad, -jnp.ones(6), jnp.ones(6), jnp.float32(1.2), w, m


@program(twin=_find_cauchy_point_twin, args=_cauchy_point_args, jvp=(0, 1, 4, 5, 6),
         vmap=(None, 0, None, None, None, None, None), rtol=1e-4,
         source=JAXOPT.format("lbfgsb.py") + ", `_find_cauchy_point` (Byrd, Lu, Nocedal & Zhu's Algorithm CP: a "
         "lax.while_loop over the breakpoints in sorted order while the quadratic model still decreases, then a "
         "lax.cond on whether any breakpoint was passed), six coordinates in [-1, 1] and a limited-memory model of "
         "rank 4; the loop a while on an `and` indexing dt by the traced counter, the cond an if/else")
def jaxopt_lbfgsb_cauchy_point(x, grad, lower, upper, theta, w, m):
    eps = jnp.finfo(x.dtype).eps
    t = jnp.where(jnp.abs(grad) < eps, jnp.inf, jnp.where(grad < 0., (x - upper) / grad, (x - lower) / grad))
    d = jnp.where(t < eps, 0., -grad)
    x_bound = jnp.where(d > 0., upper, jnp.where(d < 0., lower, x))
    t_ind = jnp.argsort(t, axis=-1)
    t_sorted = t[t_ind]
    dt = jnp.diff(jnp.pad(t_sorted, (1, 0), "constant"))
    mask = t_sorted > eps
    i = jnp.argmax(jnp.concatenate([mask, jnp.ones([1]).astype(jnp.bool_)], axis=0))
    c = jnp.zeros(m.shape[-1:], dtype=m.dtype)
    p = jnp.dot(w.T, d)
    df = -jnp.dot(d, d)
    ddf = -theta * df - jnp.dot(jnp.matmul(m, p), p)
    while -df / ddf >= dt[i] and i < x.shape[-1]:
        j = t_ind[i]  # index of the unsorted array
        c_new = c + dt[i] * p
        df = (df + dt[i] * ddf + grad[j] ** 2 + theta * grad[j] * (x_bound[j] - x[j])
              - grad[j] * jnp.dot(w[j], jnp.matmul(m, c_new)))
        ddf = (ddf - theta * grad[j] ** 2 - 2.0 * grad[j] * jnp.dot(w[j], jnp.matmul(m, p))
               - grad[j] ** 2 * jnp.dot(w[j], jnp.matmul(m, w[j])))
        ddf = jnp.maximum(eps, ddf)
        p = p + grad[j] * w[j]
        c = c_new
        mask = mask.at[i].set(False)
        i = i + 1
    dt_min = jnp.maximum(-df / ddf, jnp.zeros([], dtype=m.dtype))
    dt_min = jnp.where(jnp.isnan(dt_min), jnp.zeros([], dtype=m.dtype), dt_min)
    if i > 0:
        t_old = t_sorted[i - 1] + dt_min
    else:
        t_old = jnp.zeros([], dtype=m.dtype) + dt_min
    active_set_mask = mask[jnp.argsort(t_ind)]
    x_cauchy = jnp.where(active_set_mask, x + t_old * d, x_bound)
    return x_cauchy, c + dt_min * p, active_set_mask


# --- probml/dynamax: the iterated extended Kalman filter and smoother, the HMM posterior sampler -----------------

def _pendulum_dynamics(z):
    # a fixed nonlinear state-space model: a damped pendulum (angle, velocity), the angle's sine observed
    return jnp.array([z[0] + 0.1 * z[1], 0.98 * z[1] - 0.1 * jnp.sin(z[0])])


def _pendulum_emission(z):
    return jnp.array([jnp.sin(z[0]), 0.5 * z[1]])


EKF_Q = 0.01 * jnp.eye(2)
EKF_R = 0.05 * jnp.eye(2)


def _symmetrize(A):
    """Symmetrize one or more matrices."""
    return 0.5 * (A + jnp.swapaxes(A, -1, -2))


def _psd_solve(A, b, diagonal_boost=1e-9):
    """A wrapper for coordinating the linalg solvers used in the library for psd matrices."""
    A = _symmetrize(A) + diagonal_boost * jnp.eye(A.shape[-1])
    L, lower = cho_factor(A, lower=True)
    x = cho_solve((L, lower), b)
    return x


def _ekf_predict(prior_mean, prior_cov, dynamics_func, dynamics_jacobian, dynamics_cov):
    # inference_ekf.py's `_predict` (no inputs)
    F_x = dynamics_jacobian(prior_mean)
    mu_pred = dynamics_func(prior_mean)
    Sigma_pred = F_x @ prior_cov @ F_x.T + dynamics_cov
    return mu_pred, Sigma_pred


def _ekf_condition_on(prior_mean, prior_cov, emission_func, emission_jacobian, emission_cov, emission, num_iter):
    # inference_ekf.py's `_condition_on` (no inputs)
    def _step(carry, _):
        """Iteratively re-linearize around posterior mean and covariance."""
        prior_mean, prior_cov = carry
        H_x = emission_jacobian(prior_mean)
        S = emission_cov + H_x @ prior_cov @ H_x.T
        K = _psd_solve(S, H_x @ prior_cov).T
        posterior_cov = prior_cov - K @ S @ K.T
        posterior_mean = prior_mean + K @ (emission - emission_func(prior_mean))
        return (posterior_mean, posterior_cov), None

    # Iterate re-linearization over posterior mean and covariance
    carry = (prior_mean, prior_cov)
    (mu_cond, Sigma_cond), _ = lax.scan(_step, carry, jnp.arange(num_iter))
    return mu_cond, _symmetrize(Sigma_cond)


def _iterated_ekf_smoother_twin(initial_mean, initial_cov, emissions, num_iter=3):
    # `extended_kalman_filter(params, emissions, num_iter=3)` then `extended_kalman_smoother` on its posterior
    f, h = _pendulum_dynamics, _pendulum_emission
    F, H = jax.jacfwd(f), jax.jacfwd(h)
    Q, R = EKF_Q, EKF_R
    num_timesteps = len(emissions)

    def _step(carry, t):
        """Iteratively update the state estimate and log likelihood."""
        ll, pred_mean, pred_cov = carry
        y = emissions[t]

        # Update the log likelihood
        H_x = H(pred_mean)
        # (TFP's MultivariateNormalFullCovariance(...).log_prob as jax.scipy's logpdf)
        ll += multivariate_normal.logpdf(jnp.atleast_1d(y), h(pred_mean), H_x @ pred_cov @ H_x.T + R)

        # Condition on this emission
        filtered_mean, filtered_cov = _ekf_condition_on(pred_mean, pred_cov, h, H, R, y, num_iter)

        # Predict the next state
        pred_mean, pred_cov = _ekf_predict(filtered_mean, filtered_cov, f, F, Q)

        return (ll, pred_mean, pred_cov), (filtered_mean, filtered_cov)

    carry = (0.0, initial_mean, initial_cov)
    (ll, _, _), (filtered_means, filtered_covs) = lax.scan(_step, carry, jnp.arange(num_timesteps))

    def _smooth_step(carry, args):
        """One step of the extended Kalman smoother."""
        # Unpack the inputs
        smoothed_mean_next, smoothed_cov_next = carry
        t, filtered_mean, filtered_cov = args
        F_x = F(filtered_mean)

        # Prediction step
        m_pred = f(filtered_mean)
        S_pred = Q + F_x @ filtered_cov @ F_x.T
        G = _psd_solve(S_pred, F_x @ filtered_cov).T

        # Compute smoothed mean and covariance
        smoothed_mean = filtered_mean + G @ (smoothed_mean_next - m_pred)
        smoothed_cov = filtered_cov + G @ (smoothed_cov_next - S_pred) @ G.T

        return (smoothed_mean, smoothed_cov), (smoothed_mean, smoothed_cov)

    # Run the extended Kalman smoother
    _, (smoothed_means, smoothed_covs) = lax.scan(
        _smooth_step,
        (filtered_means[-1], filtered_covs[-1]),
        (jnp.arange(num_timesteps - 1), filtered_means[:-1], filtered_covs[:-1]),
        reverse=True,
    )

    # Concatenate the arrays and return
    smoothed_means = jnp.vstack((smoothed_means, filtered_means[-1][None, ...]))
    smoothed_covs = jnp.vstack((smoothed_covs, filtered_covs[-1][None, ...]))
    return ll, smoothed_means, smoothed_covs


def _ekf_args():
    zs = [jnp.array([1.2, 0.0])]
    for _ in range(9):
        zs.append(_pendulum_dynamics(zs[-1]))
    noise = 0.2 * random.normal(random.key(28), (10, 2))
    emissions = jnp.stack([_pendulum_emission(z) for z in zs]) + noise
    return jnp.array([1.0, 0.1]), 0.5 * jnp.eye(2), emissions


@program(twin=_iterated_ekf_smoother_twin, args=_ekf_args, grad=(0, 2),
         loss=lambda out: out[0] + jnp.sum(out[1] ** 2) + jnp.sum(out[2]), vmap=(None, None, 0), rtol=1e-4,
         source=DYNAMAX.format("nonlinear_gaussian_ssm/inference_ekf.py") + ", `extended_kalman_filter` with "
         "num_iter=3 (a lax.scan over time whose `_condition_on` re-linearizes by an inner lax.scan) and "
         "`extended_kalman_smoother` (a reverse lax.scan), with utils/utils.py's `psd_solve` and `symmetrize`, TFP's "
         "Gaussian log_prob as jax.scipy's, for a damped pendulum observed through a sine; the scans a for over the "
         "emissions holding a for over range(num_iter), and a for over reversed(range(T - 1))")
def dynamax_iterated_ekf_smoother(initial_mean, initial_cov, emissions, num_iter=3):
    f, h = _pendulum_dynamics, _pendulum_emission
    F, H = jax.jacfwd(f), jax.jacfwd(h)
    Q, R = EKF_Q, EKF_R
    ll = 0.0
    pred_mean, pred_cov = initial_mean, initial_cov
    filtered_means, filtered_covs = [], []
    for y in emissions:
        H_x = H(pred_mean)
        ll += multivariate_normal.logpdf(jnp.atleast_1d(y), h(pred_mean), H_x @ pred_cov @ H_x.T + R)
        mean, cov = pred_mean, pred_cov
        for _ in range(num_iter):  # re-linearize around the posterior
            H_x = H(mean)
            S = R + H_x @ cov @ H_x.T
            K = _psd_solve(S, H_x @ cov).T
            mean, cov = mean + K @ (y - h(mean)), cov - K @ S @ K.T
        cov = _symmetrize(cov)
        filtered_means.append(mean)
        filtered_covs.append(cov)
        F_x = F(mean)
        pred_mean, pred_cov = f(mean), F_x @ cov @ F_x.T + Q
    filtered_means, filtered_covs = jnp.stack(filtered_means), jnp.stack(filtered_covs)
    smoothed_mean, smoothed_cov = filtered_means[-1], filtered_covs[-1]
    smoothed_means, smoothed_covs = [], []
    for t in reversed(range(len(emissions) - 1)):
        filtered_mean, filtered_cov = filtered_means[t], filtered_covs[t]
        F_x = F(filtered_mean)
        m_pred = f(filtered_mean)
        S_pred = Q + F_x @ filtered_cov @ F_x.T
        G = _psd_solve(S_pred, F_x @ filtered_cov).T
        smoothed_mean = filtered_mean + G @ (smoothed_mean - m_pred)
        smoothed_cov = filtered_cov + G @ (smoothed_cov - S_pred) @ G.T
        smoothed_means.append(smoothed_mean)
        smoothed_covs.append(smoothed_cov)
    return (ll, jnp.stack(smoothed_means[::-1] + [filtered_means[-1]]),
            jnp.stack(smoothed_covs[::-1] + [filtered_covs[-1]]))


def _hmm_normalize(u, axis=0, eps=1e-15):
    """Normalizes the values within the axis in a way that they sum up to 1."""
    u = jnp.where(u == 0, 0, jnp.where(u < eps, eps, u))
    c = u.sum(axis=axis)
    c = jnp.where(c == 0, 1, c)
    return u / c, c


def _hmm_condition_on(probs, ll):
    """Condition on new emissions, given in the form of log likelihoods
    for each discrete state, while avoiding numerical underflow."""
    ll_max = ll.max()
    new_probs = probs * jnp.exp(ll - ll_max)
    new_probs, norm = _hmm_normalize(new_probs)
    log_norm = jnp.log(norm) + ll_max
    return new_probs, log_norm


def _hmm_posterior_sample_twin(key, initial_distribution, transition_matrix, log_likelihoods):
    num_timesteps, num_states = log_likelihoods.shape

    # Run the HMM filter (`hmm_filter`)
    def _filter_step(carry, t):
        """Filtering step."""
        log_normalizer, predicted_probs = carry

        A = transition_matrix
        ll = log_likelihoods[t]

        filtered_probs, log_norm = _hmm_condition_on(predicted_probs, ll)
        log_normalizer += log_norm
        predicted_probs_next = A.T @ filtered_probs

        return (log_normalizer, predicted_probs_next), (filtered_probs, predicted_probs)

    carry = (0.0, initial_distribution)
    (log_normalizer, _), (filtered_probs, _) = lax.scan(_filter_step, carry, jnp.arange(num_timesteps))

    # Run the sampler backward in time
    def _step(carry, args):
        """Backward sampler step."""
        next_state = carry
        t, subkey, filtered_probs = args

        A = transition_matrix

        # Fold in the next state and renormalize
        smoothed_probs = filtered_probs * A[:, next_state]
        smoothed_probs /= smoothed_probs.sum()

        # Sample current state
        state = random.choice(subkey, a=num_states, p=smoothed_probs)

        return state, state

    # Run the HMM smoother
    keys = random.split(key, num_timesteps)
    last_state = random.choice(keys[-1], a=num_states, p=filtered_probs[-1])
    _, states = lax.scan(
        _step, last_state, (jnp.arange(1, num_timesteps), keys[:-1], filtered_probs[:-1]),
        reverse=True
    )

    # Add the last state
    states = jnp.concatenate([states, jnp.array([last_state])])
    return log_normalizer, states


def _hmm_args():
    k1, k2 = random.split(random.key(29))
    transition_matrix = jax.nn.softmax(2.0 * jnp.eye(3) + 0.5 * random.normal(k1, (3, 3)), axis=1)
    log_likelihoods = 1.5 * random.normal(k2, (12, 3))
    return random.key(30), jnp.array([0.5, 0.3, 0.2]), transition_matrix, log_likelihoods


@program(twin=_hmm_posterior_sample_twin, args=_hmm_args, vmap=(None, None, None, 0), rtol=1e-4,
         source=DYNAMAX.format("hidden_markov_model/inference.py") + ", `hmm_posterior_sample` (forward filtering "
         "by `hmm_filter`'s lax.scan with `_condition_on` and `_normalize`, then backward sampling: a reverse lax.scan "
         "folding in the next state and drawing with jax.random.choice), a fixed transition matrix, 3 states and 12 "
         "steps; the scans a for over the log likelihoods appending the filtered probabilities and a for over "
         "range(T - 1, 0, -1) appending the states, reversed at the end")
def dynamax_hmm_posterior_sample(key, initial_distribution, transition_matrix, log_likelihoods):
    num_timesteps, num_states = log_likelihoods.shape
    log_normalizer = 0.0
    predicted_probs = initial_distribution
    filtered = []
    for ll in log_likelihoods:
        filtered_probs, log_norm = _hmm_condition_on(predicted_probs, ll)
        log_normalizer += log_norm
        predicted_probs = transition_matrix.T @ filtered_probs
        filtered.append(filtered_probs)
    filtered = jnp.stack(filtered)
    keys = random.split(key, num_timesteps)
    last_state = random.choice(keys[-1], a=num_states, p=filtered[-1])
    next_state = last_state
    states = []
    for t in range(num_timesteps - 1, 0, -1):
        smoothed_probs = filtered[t - 1] * transition_matrix[:, next_state]
        smoothed_probs /= smoothed_probs.sum()
        next_state = random.choice(keys[t - 1], a=num_states, p=smoothed_probs)
        states.append(next_state)
    return log_normalizer, jnp.stack(states[::-1] + [last_state])



# A two-regime switching linear dynamical system (ParamsSLDS: a rotation and a damped drift, one observed
# coordinate), no inputs: the input weights zero, u a zero vector of size 1
SLDS_F = jnp.array([[[0.95, -0.2], [0.2, 0.95]], [[0.8, 0.0], [0.1, 0.9]]])
SLDS_B_DYN = jnp.array([[0.0, 0.0], [0.3, -0.2]])
SLDS_Q = jnp.stack([0.02 * jnp.eye(2), 0.1 * jnp.eye(2)])
SLDS_H = jnp.array([[[1.0, 0.0]], [[1.0, 0.5]]])
SLDS_D = jnp.zeros((2, 1))
SLDS_R = jnp.array([[[0.1]], [[0.3]]])
SLDS_INPUT_WEIGHTS_DYN, SLDS_INPUT_WEIGHTS_EM = jnp.zeros((2, 2, 1)), jnp.zeros((2, 1, 1))
SLDS_INITIAL_MEAN, SLDS_INITIAL_COV = jnp.array([[1.0, 0.0], [0.0, 1.0]]), jnp.stack([0.3 * jnp.eye(2)] * 2)
SLDS_INITIAL_DISTRIBUTION = jnp.array([0.6, 0.4])
SLDS_PROPOSAL_TRANSITION_MATRIX = jnp.array([[0.9, 0.1], [0.2, 0.8]])


def _conditional_kalman_step(state, mu, Sigma, u, y):
    # slds/inference.py (params.linear_gaussian's arrays the SLDS_ constants; TFP's MVN log_prob as jax.scipy's)
    F = SLDS_F[state]
    b = SLDS_B_DYN[state]
    B = SLDS_INPUT_WEIGHTS_DYN[state]
    Q = SLDS_Q[state]
    H = SLDS_H[state]
    d = SLDS_D[state]
    D = SLDS_INPUT_WEIGHTS_EM[state]
    R = SLDS_R[state]

    # prediction
    mu_pred = F @ mu + B @ u + b
    Sigma_pred = F @ Sigma @ F.T + Q

    # update
    S = R + H @ Sigma_pred @ H.T
    K = _psd_solve(S, H @ Sigma_pred).T
    mu_y = H @ mu_pred + D @ u + d
    ll = multivariate_normal.logpdf(y, mu_y, S)
    mu_cond = mu_pred + K @ (y - mu_y)
    Sigma_cond = Sigma_pred - K @ S @ K.T
    return ll, mu_cond, Sigma_cond


def _slds_resampling(weights, states, means, covariances, key):
    """Resample particles using the multinomial resampling algorithm."""
    keys = random.split(key, 2)
    num_particles = weights.shape[0]
    resampled_idx = random.choice(keys[0], jnp.arange(weights.shape[0]), shape=(num_particles,), p=weights)
    new_states = jnp.take(states, resampled_idx, axis=0)
    filtered_means = jnp.take(means, resampled_idx, axis=0)
    filtered_covs = jnp.take(covariances, resampled_idx, axis=0)
    weights = jnp.ones(shape=(num_particles,)) / num_particles
    next_key = keys[1]
    return weights, new_states, filtered_means, filtered_covs, next_key


def _rbpf_init(key, num_particles):
    keys = random.split(key, num_particles+2)
    next_key = keys[-1]
    initial_weights = jnp.ones(shape=(num_particles,)) / num_particles
    initial_states = random.choice(keys[0], jnp.arange(SLDS_INITIAL_DISTRIBUTION.shape[0]), shape=(num_particles,),
                                   p=SLDS_INITIAL_DISTRIBUTION)
    # (TFP's MultivariateNormalFullCovariance(...).sample(seed=...) as jax.random.multivariate_normal)
    initial_means = jnp.array([random.multivariate_normal(keys[i+1], SLDS_INITIAL_MEAN[initial_states[i]],
                                                          SLDS_INITIAL_COV[initial_states[i]])
                               for i in range(num_particles)])
    initial_covs = jnp.array([SLDS_INITIAL_COV[state] for state in initial_states])
    return initial_weights, initial_states, initial_means, initial_covs, next_key


def _rbpf_twin(key, emissions, num_particles=6, ess_threshold=0.5):
    # `rbpfilter`
    num_timesteps = len(emissions)
    inputs = jnp.zeros((num_timesteps, 1))

    def _step(carry, t):
        # Unpack carry
        weights, prev_states, filtered_means, filtered_covs, key = carry
        num_states = SLDS_PROPOSAL_TRANSITION_MATRIX.shape[0]

        # Get emissions and inputs for time index t
        u = inputs[t]
        y = emissions[t]

        # Sample discrete states from the proposal
        keys = random.split(key, num_particles+1)
        next_key = keys[0]
        new_states = jax.vmap(lambda key, x: random.choice(key, jnp.arange(num_states),
                                                           p=SLDS_PROPOSAL_TRANSITION_MATRIX[x]))(keys[1:], prev_states)

        # Run KF step conditional on the sampled states
        lls, filtered_means, filtered_covs = jax.vmap(_conditional_kalman_step, in_axes=(0, 0, 0, None, None))(
            new_states, filtered_means, filtered_covs, u, y)

        # Compute weights
        lls -= jnp.max(lls)
        loglik_weights = jnp.exp(lls)
        weights = jnp.multiply(loglik_weights.T, weights)
        weights /= jnp.sum(weights)

        # Resample if necessary
        resample_cond = 1.0 / jnp.sum(jnp.square(weights)) < ess_threshold * num_particles
        weights, new_states, filtered_means, filtered_covs, next_key = lax.cond(
            resample_cond, _slds_resampling, lambda *args: args,
            weights, new_states, filtered_means, filtered_covs, next_key)

        # Build carry and output states
        carry = (weights, prev_states, filtered_means, filtered_covs, next_key)
        return carry, (weights, prev_states, filtered_means, filtered_covs)

    carry = _rbpf_init(key, num_particles)
    _, out = lax.scan(_step, carry, jnp.arange(num_timesteps))
    return out


def _rbpf_args():
    t = jnp.arange(12.0)
    return random.key(37), (jnp.cos(0.4 * t) + 0.2 * jnp.sin(2.3 * t))[:, None]


@program(twin=_rbpf_twin, args=_rbpf_args, rtol=1e-4, vmap=(None, 0),
         source=DYNAMAX.format("slds/inference.py") + ", `rbpfilter` (the Rao-Blackwellized particle filter of a "
         "switching linear dynamical system: a lax.scan over time drawing each particle's regime, a Kalman step per "
         "particle (`_conditional_kalman_step`), reweighting, and a lax.cond resampling (`resampling`) when the "
         "effective sample size falls below half the particles; the carry keeps `prev_states`, as the source's "
         "does), six particles, a fixed two-regime model without inputs, TFP's Gaussian log_prob and sample as "
         "jax.scipy's and jax.random's; the scan a for over the emissions appending outputs, the cond an if")
def dynamax_rbpf(key, emissions, num_particles=6, ess_threshold=0.5):
    weights, prev_states, filtered_means, filtered_covs, key = _rbpf_init(key, num_particles)
    num_states = SLDS_PROPOSAL_TRANSITION_MATRIX.shape[0]
    u = jnp.zeros(1)
    outputs = []
    for y in emissions:
        keys = random.split(key, num_particles+1)
        key = keys[0]
        new_states = jax.vmap(lambda key, x: random.choice(key, jnp.arange(num_states),
                                                           p=SLDS_PROPOSAL_TRANSITION_MATRIX[x]))(keys[1:], prev_states)
        lls, filtered_means, filtered_covs = jax.vmap(_conditional_kalman_step, in_axes=(0, 0, 0, None, None))(
            new_states, filtered_means, filtered_covs, u, y)
        lls -= jnp.max(lls)
        weights = jnp.multiply(jnp.exp(lls).T, weights)
        weights /= jnp.sum(weights)
        if 1.0 / jnp.sum(jnp.square(weights)) < ess_threshold * num_particles:  # resample
            resample_key, key = random.split(key, 2)
            resampled_idx = random.choice(resample_key, jnp.arange(num_particles), shape=(num_particles,), p=weights)
            new_states = jnp.take(new_states, resampled_idx, axis=0)
            filtered_means = jnp.take(filtered_means, resampled_idx, axis=0)
            filtered_covs = jnp.take(filtered_covs, resampled_idx, axis=0)
            weights = jnp.ones(shape=(num_particles,)) / num_particles
        outputs.append((weights, prev_states, filtered_means, filtered_covs))
    return tuple(map(jnp.stack, zip(*outputs)))


# --- patrick-kidger/diffrax: linear interpolation over missing data, the virtual Brownian tree ----------------------

def _interpolation_reverse(carry, value):
    # _global_interpolation.py
    next_ti, next_yi = carry
    ti, yi = value
    cond = jnp.isnan(yi)
    ti = jnp.where(cond, next_ti, ti)
    yi = jnp.where(cond, next_yi, yi)
    return (ti, yi), (ti, yi)


def _linear_interpolation_forward(carry, value):
    # _global_interpolation.py
    prev_ti, prev_yi = carry
    ti, yi, next_ti, next_yi = value
    cond = jnp.isnan(yi)
    carry_ti = jnp.where(cond, prev_ti, ti)
    carry_yi = jnp.where(cond, prev_yi, yi)

    _div = jnp.where(cond, next_ti - carry_ti, 1)
    y = carry_yi + (next_yi - carry_yi) * (ti - carry_ti) / _div

    return (carry_ti, carry_yi), y


def _fill_forward(last_observed_yi, yi):
    # _misc.py
    yi = jnp.where(jnp.isnan(yi), last_observed_yi, yi)
    return yi, yi


def _linear_interpolation_twin(ts, ys, fill_forward_nans_at_end=True):
    # `_linear_interpolation` (replace_nans_at_start=None, one channel), with _misc.py's `fill_forward`
    y0 = ys[0]

    _, (next_ts, next_ys) = lax.scan(
        _interpolation_reverse, (ts[-1], ys[-1]), (ts, ys), reverse=True
    )
    if fill_forward_nans_at_end:
        _, next_ys = lax.scan(_fill_forward, next_ys[0], next_ys)
    _, ys = lax.scan(
        _linear_interpolation_forward, (ts[0], y0), (ts, ys, next_ts, next_ys)
    )
    return ys


@program(twin=_linear_interpolation_twin,
         args=lambda: (jnp.array([0.0, 0.5, 1.0, 2.0, 2.5, 3.0, 4.0, 5.0, 5.5]),
                       jnp.array([1.0, jnp.nan, jnp.nan, 2.5, -1.0, jnp.nan, 0.5, jnp.nan, jnp.nan])),
         vmap=(None, 0),
         source=DIFFRAX.format("_global_interpolation.py") + ", `linear_interpolation`'s `_linear_interpolation` "
         "(fill_forward_nans_at_end=True: a reverse lax.scan carrying the next observed point over the NaNs "
         "(`_interpolation_reverse`), _misc.py's `fill_forward` (a lax.scan), then a forward lax.scan interpolating "
         "each NaN between its neighbours (`_linear_interpolation_forward`)), one channel; the scans for loops over "
         "the reversed and forward points, each jnp.where on isnan an if/else")
def diffrax_linear_interpolation(ts, ys, fill_forward_nans_at_end=True):
    next_ti, next_yi = ts[-1], ys[-1]
    next_ts, next_ys = [], []
    for ti, yi in zip(ts[::-1], ys[::-1]):
        if jnp.isnan(yi):  # missing: carry the next observation back
            ti, yi = next_ti, next_yi
        next_ti, next_yi = ti, yi
        next_ts.append(ti)
        next_ys.append(yi)
    next_ts, next_ys = jnp.stack(next_ts[::-1]), jnp.stack(next_ys[::-1])
    if fill_forward_nans_at_end:
        last = next_ys[0]
        filled = []
        for yi in next_ys:
            if jnp.isnan(yi):
                yi = last
            last = yi
            filled.append(yi)
        next_ys = jnp.stack(filled)
    prev_ti, prev_yi = ts[0], ys[0]
    out = []
    for ti, yi, next_ti, next_yi in zip(ts, ys, next_ts, next_ys):
        if jnp.isnan(yi):  # interpolate between the last and the next observation
            prev_ti, prev_yi = prev_ti, prev_yi
            div = next_ti - prev_ti
        else:
            prev_ti, prev_yi = ti, yi
            div = 1
        out.append(prev_yi + (next_yi - prev_yi) * (ti - prev_ti) / div)
    return jnp.stack(out)


def _brownian_arch(level, s, w_s_u_su, key, shape, dtype):
    # tree.py's `VirtualBrownianTree._brownian_arch`, levy_area=BrownianIncrement
    key_st, midpoint_key, key_tu = random.split(key, 3)
    keys = (key_st, key_tu)
    su = jnp.asarray(2.0**-level, dtype=dtype)
    st = su / 2
    s = jnp.asarray(s, dtype=dtype)
    t = s + st
    root_su = jnp.sqrt(su)

    w_s, w_u, w_su = w_s_u_su
    mean = 0.5 * w_su
    w_term2 = (root_su / 2) * random.normal(midpoint_key, shape, dtype)
    w_st = mean + w_term2
    w_tu = mean - w_term2
    w_st_tu = (w_st, w_tu)
    w_t = w_s + w_st
    w_stu = (w_s, w_t, w_u)
    return t, w_stu, w_st_tu, keys


def _split_interval(pred, x_stu, x_st_tu):
    x_s, x_t, x_u = x_stu
    x_st, x_tu = x_st_tu
    x_s = jnp.where(pred, x_t, x_s)
    x_u = jnp.where(pred, x_u, x_t)
    x_su = jnp.where(pred, x_tu, x_st)
    return x_s, x_u, x_su


BROWNIAN_TOL = 2.0 ** -7
BROWNIAN_SHAPE = (3,)


def _virtual_brownian_tree_twin(key, r):
    # `VirtualBrownianTree(t0=0, t1=1, tol=2**-7, shape=(3,), key=key).evaluate(r)` (_spline "sqrt"): `_evaluate_leaf`
    shape, dtype = BROWNIAN_SHAPE, jnp.float32
    t0 = jnp.zeros((), dtype)
    r = jnp.asarray(r, dtype)
    state_key, init_key_w = random.split(key, 2)

    w_0 = jnp.zeros(shape, dtype)
    w_1 = random.normal(init_key_w, shape, dtype)
    w = (w_0, w_1, w_1)

    init_state = (0, t0, w, state_key)  # _State(level, s, w_s_u_su, key)

    def _cond_fun(_state):
        """Condition for the binary search for r."""
        # If true, continue splitting the interval and descending the tree.
        return 2.0 ** (-_state[0]) > BROWNIAN_TOL

    def _body_fun(_state):
        """Single-step of the binary search for r."""
        _t, _w_stu, _w_st_tu, _keys = _brownian_arch(*_state, shape, dtype)

        _level = _state[0] + 1
        _cond = r > _t
        _s = jnp.where(_cond, _t, _state[1])
        _key_st, _key_tu = _keys
        _key = jnp.where(_cond, _key_st, _key_tu)

        _w = _split_interval(_cond, _w_stu, _w_st_tu)
        return (_level, _s, _w, _key)

    final_state = lax.while_loop(_cond_fun, _body_fun, init_state)

    s = final_state[1]
    su = jnp.asarray(2.0**-final_state[0], dtype=dtype)

    sr = jax.nn.relu(r - s)
    # make sure su = sr + ru regardless of cancellation error
    ru = jax.nn.relu(su - sr)

    w_s, w_u, w_su = final_state[2]
    w_mean = w_s + sr / su * w_su
    z = random.normal(final_state[3], shape, dtype)
    bb = jnp.sqrt(sr * ru / su) * z
    w_r = w_mean + bb
    return w_r


@program(twin=_virtual_brownian_tree_twin, args=lambda: (random.key(31), jnp.float32(0.37)), vmap=(None, 0),
         rtol=1e-4,
         source=DIFFRAX.format("_brownian/tree.py") + ", `VirtualBrownianTree.evaluate` on [0, 1] (levy_area="
         "BrownianIncrement, the \"sqrt\" spline): `_evaluate_leaf`'s binary search for r, a lax.while_loop halving "
         "the interval until 2**-level <= tol=2**-7, each step a `_brownian_arch` (a Brownian bridge midpoint) and "
         "`_split_interval`'s jnp.wheres choosing the half, then the bridge between the last two points; the loop a "
         "while on the level, the wheres an if/else on r > t")
def diffrax_virtual_brownian_tree(key, r):
    shape, dtype = BROWNIAN_SHAPE, jnp.float32
    s = jnp.zeros((), dtype)
    r = jnp.asarray(r, dtype)
    key, init_key_w = random.split(key, 2)
    w_1 = random.normal(init_key_w, shape, dtype)
    w_s, w_u, w_su = jnp.zeros(shape, dtype), w_1, w_1
    level = 0
    while 2.0 ** (-level) > BROWNIAN_TOL:
        t, (w_s, w_t, w_u), (w_st, w_tu), (key_st, key_tu) = _brownian_arch(level, s, (w_s, w_u, w_su), key, shape,
                                                                            dtype)
        level = level + 1
        if r > t:  # r in the right half
            s, key = t, key_st
            w_s, w_u, w_su = w_t, w_u, w_tu
        else:
            key = key_tu
            w_s, w_u, w_su = w_s, w_t, w_st
    su = jnp.asarray(2.0**-level, dtype=dtype)
    sr = jax.nn.relu(r - s)
    ru = jax.nn.relu(su - sr)
    w_mean = w_s + sr / su * w_su
    z = random.normal(key, shape, dtype)
    return w_mean + jnp.sqrt(sr * ru / su) * z
