"""More programs from JAX libraries the corpus did not cite before: jax_cosmo, tinygp, brax, scico,
gymnax and jaxlie, each written with Python control flow over traced values next to a ``lax`` twin.

Each library writes its loop or branch with ``lax`` (``scan``, ``while_loop``, ``cond``, ``switch``) or
``jnp.where``; ``plain`` is that loop or branch written with Python ``for``/``while``/``if`` (the loop the
library's docstring names), the twin is the library's code. The maths is the library's, adapted only in
calling convention: arguments instead of a cosmology, kernel or operator object, a fixed small
right-hand side or matrix where the library takes a callable or an operator. Registered into
``programs.PROGRAMS`` (``programs.py`` imports this module after ``libraries``).
"""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

from jax_programs.programs import program

JAX_COSMO = ("DifferentiableUniverseInitiative/jax_cosmo@c4f249f3712f2c4fe4b526274baad41a48e187ac (MIT) "
             "jax_cosmo/{}")
TINYGP = "dfm/tinygp@5302d5a1ae47ad9ff3fe857eee4cbbebbc1c5637 (MIT) src/tinygp/{}"
BRAX = "google/brax@0b96d056328d15ea7ebfd3ce07f42be72ec76e40 (Apache-2.0) brax/{}"
SCICO = "lanl/scico@b082d7b5ee37b5d3dcbb3a7136f4c8628042b8ea (BSD-3-Clause) scico/flax/inverse.py"
GYMNAX = ("RobertTLange/gymnax@086ad95697d5898b95ce3b14fa25f2b0bae4a1fc (Apache-2.0) "
          "gymnax/environments/minatar/asterix.py")
JAXLIE = "brentyi/jaxlie@0b6655fbadd8ea10b0d1640912a6b07cc4f576d8 (MIT) jaxlie/_so3.py"


# --- jax_cosmo: scipy/ode.py's RK4 and background.py's curvature switch ------------------------------------

def _cosmo_rhs(y, t):
    """A damped oscillator with a time-dependent damping, in place of the growth-factor equations."""
    return jnp.array([y[1], -y[0] - 0.1 * t * y[1]])


def _odeint_twin(y0, t):
    fn = _cosmo_rhs

    def rk4(carry, t):
        y, t_prev = carry
        h = t - t_prev
        k1 = fn(y, t_prev)
        k2 = fn(y + h * k1 / 2, t_prev + h / 2)
        k3 = fn(y + h * k2 / 2, t_prev + h / 2)
        k4 = fn(y + h * k3, t)
        y = y + 1.0 / 6.0 * h * (k1 + 2 * k2 + 2 * k3 + k4)
        return (y, t), y

    (yf, _), y = jax.lax.scan(rk4, (y0, jnp.array(t[0])), t)
    return y


@program(twin=_odeint_twin, args=lambda: (jnp.array([1.0, 0.0]), jnp.linspace(0.0, 3.0, 13)), grad=(0, 1),
         loss=jnp.sum, vmap=(0, None),
         source=JAX_COSMO.format("scipy/ode.py") + ", `odeint` (\"dead-simple rk4\": one step per time in t, "
         "the solution at each kept), a damped oscillator in place of the growth ODE")
def cosmo_odeint(y0, t):
    fn = _cosmo_rhs
    y = y0
    t_prev = t[0]
    ys = []
    for t_i in t:
        h = t_i - t_prev
        k1 = fn(y, t_prev)
        k2 = fn(y + h * k1 / 2, t_prev + h / 2)
        k3 = fn(y + h * k2 / 2, t_prev + h / 2)
        k4 = fn(y + h * k3, t_i)
        y = y + 1.0 / 6.0 * h * (k1 + 2 * k2 + 2 * k3 + k4)
        t_prev = t_i
        ys.append(y)
    return jnp.stack(ys)


_RH = 2997.92458  # jax_cosmo/constants.py: the Hubble radius in [h^{-1} Mpc]


def _transverse_twin(omega_k, chi):
    k = -jnp.sign(omega_k).astype(jnp.int8)
    sqrtk = jnp.sqrt(jnp.abs(omega_k))

    def open_universe(chi):
        return _RH / sqrtk * jnp.sinh(sqrtk * chi / _RH)

    def flat_universe(chi):
        return chi

    def close_universe(chi):
        return _RH / sqrtk * jnp.sin(sqrtk * chi / _RH)

    branches = (open_universe, flat_universe, close_universe)
    return lax.switch(k + 1, branches, chi)


@program(twin=_transverse_twin, args=lambda: (jnp.float32(-0.3), jnp.array([500.0, 1500.0, 3000.0, 6000.0])),
         grad=(0, 1), loss=jnp.sum, vmap=(0, 0),
         source=JAX_COSMO.format("background.py") + ", `transverse_comoving_distance` (lax.switch on k + 1 over "
         "open, flat and closed universes; k and sqrtk as core.py's Cosmology computes them from Omega_k), "
         "chi given")
def transverse_comoving_distance(omega_k, chi):
    k = -jnp.sign(omega_k).astype(jnp.int8)
    sqrtk = jnp.sqrt(jnp.abs(omega_k))
    if k == -1:  # open universe
        return _RH / sqrtk * jnp.sinh(sqrtk * chi / _RH)
    elif k == 0:  # flat universe
        return chi
    else:  # closed universe
        return _RH / sqrtk * jnp.sin(sqrtk * chi / _RH)


# --- tinygp: solvers/kalman.py's gains and kernels/quasisep.py's SHO transition ---------------------------

def _kalman_gains_twin(Pinf, A, H, diag):
    def step(carry, data):  # type: ignore
        Pp = carry
        Ak, hk, dk = data

        Pn = Pinf + Ak.transpose() @ (Pp - Pinf) @ Ak
        tmp = Pn @ hk
        sk = hk @ tmp + dk
        Kk = tmp / sk
        Pk = Pn - sk * jnp.outer(Kk, Kk)

        return Pk, (sk, Kk)

    init = Pinf
    return jax.lax.scan(step, init, (A, H, diag))[1]


def _kalman_args():
    dt = jnp.array([0.1, 0.3, 0.2, 0.5, 0.1, 0.4])
    c, s = jnp.exp(-dt) * jnp.cos(dt), jnp.exp(-dt) * jnp.sin(dt)
    A = jnp.stack([jnp.stack([c, -s], -1), jnp.stack([s, c], -1)], -1)  # (6, 2, 2) damped rotations
    H = jnp.tile(jnp.array([1.0, 0.2]), (6, 1))
    return jnp.diag(jnp.array([1.0, 2.25])), A, H, jnp.full((6,), 0.1)


@program(twin=_kalman_gains_twin, args=_kalman_args, grad=(1, 3), loss=lambda out: jnp.sum(out[0]) + jnp.sum(out[1]),
         vmap=(None, 0, None, 0),
         source=TINYGP.format("solvers/kalman.py") + ", `kalman_gains` (the innovation variances and gains, "
         "one Kalman step per data point)")
def kalman_gains(Pinf, A, H, diag):
    Pp = Pinf
    s, K = [], []
    for Ak, hk, dk in zip(A, H, diag):
        Pn = Pinf + Ak.transpose() @ (Pp - Pinf) @ Ak
        tmp = Pn @ hk
        sk = hk @ tmp + dk
        Kk = tmp / sk
        Pp = Pn - sk * jnp.outer(Kk, Kk)
        s.append(sk)
        K.append(Kk)
    return jnp.stack(s), jnp.stack(K)


def _sho_twin(dt, w, q):
    def critical(dt):
        return jnp.exp(-w * dt) * jnp.array(
            [[1 + w * dt, -jnp.square(w) * dt], [dt, 1 - w * dt]]
        )

    def underdamped(dt):
        f = jnp.sqrt(jnp.maximum(4 * jnp.square(q) - 1, 0))
        arg = 0.5 * f * w * dt / q
        sin = jnp.sin(arg)
        cos = jnp.cos(arg)
        return jnp.exp(-0.5 * w * dt / q) * jnp.array(
            [
                [cos + sin / f, -2 * q * w * sin / f],
                [2 * q * sin / (w * f), cos - sin / f],
            ]
        )

    def overdamped(dt):
        f = jnp.sqrt(jnp.maximum(1 - 4 * jnp.square(q), 0))
        arg = 0.5 * f * w * dt / q
        sinh = jnp.sinh(arg)
        cosh = jnp.cosh(arg)
        return jnp.exp(-0.5 * w * dt / q) * jnp.array(
            [
                [cosh + sinh / f, -2 * q * w * sinh / f],
                [2 * q * sinh / (w * f), cosh - sinh / f],
            ]
        )

    return jax.lax.cond(
        jnp.allclose(q, 0.5),
        critical,
        lambda dt: jax.lax.cond(q > 0.5, underdamped, overdamped, dt),
        dt,
    )


@program(twin=_sho_twin, args=lambda: (jnp.float32(0.7), jnp.float32(1.5), jnp.float32(0.5)), grad=(0, 1),
         loss=jnp.sum, vmap=(None, None, 0),
         source=TINYGP.format("kernels/quasisep.py") + ", `SHO.transition_matrix` (nested lax.cond: critical "
         "at Q = 1/2, else underdamped or overdamped)")
def sho_transition(dt, w, q):
    if jnp.allclose(q, 0.5):
        return jnp.exp(-w * dt) * jnp.array([[1 + w * dt, -jnp.square(w) * dt], [dt, 1 - w * dt]])
    elif q > 0.5:
        f = jnp.sqrt(jnp.maximum(4 * jnp.square(q) - 1, 0))
        arg = 0.5 * f * w * dt / q
        sin = jnp.sin(arg)
        cos = jnp.cos(arg)
        return jnp.exp(-0.5 * w * dt / q) * jnp.array(
            [[cos + sin / f, -2 * q * w * sin / f], [2 * q * sin / (w * f), cos - sin / f]])
    else:
        f = jnp.sqrt(jnp.maximum(1 - 4 * jnp.square(q), 0))
        arg = 0.5 * f * w * dt / q
        sinh = jnp.sinh(arg)
        cosh = jnp.cosh(arg)
        return jnp.exp(-0.5 * w * dt / q) * jnp.array(
            [[cosh + sinh / f, -2 * q * w * sinh / f], [2 * q * sinh / (w * f), cosh - sinh / f]])


# --- google/brax: math.py's Gauss-Seidel and Newton-Schulz, training/agents/ppo/losses.py's GAE ----------

def _pgs_twin(a, b, num_iters=3):
    num_rows = b.shape[0]
    x = jnp.zeros((num_rows,))

    def get_x(x, xs):
        i, a_i, b_i = xs
        residual = b_i + jnp.dot(a_i, x)
        x_i = x[i] - residual / a_i[i]
        x_i = jnp.maximum(x_i, 0.0)
        x = x.at[i].set(x_i)

        return x, None

    for _ in range(num_iters):
        x, _ = jax.lax.scan(get_x, x, (jnp.arange(num_rows), a, b))

    return x


def _pgs_args():
    m = jnp.array([[1.0, 0.2, 0.0, 0.1], [0.3, 1.0, 0.1, 0.0], [0.0, 0.4, 1.0, 0.2], [0.1, 0.0, 0.3, 1.0]])
    return m @ m.T + jnp.eye(4), jnp.array([-1.0, 0.5, -2.0, -0.3])


@program(twin=_pgs_twin, args=_pgs_args, grad=(0, 1), loss=jnp.sum, vmap=(0, 0),
         source=BRAX.format("math.py") + ", `solve_pgs` (projected Gauss-Seidel: num_iters sweeps, each a scan "
         "over the rows)")
def solve_pgs(a, b, num_iters=3):
    num_rows = b.shape[0]
    x = jnp.zeros((num_rows,))
    for _ in range(num_iters):
        for i, (a_i, b_i) in enumerate(zip(a, b)):
            residual = b_i + jnp.dot(a_i, x)
            x_i = x[i] - residual / a_i[i]
            x_i = jnp.maximum(x_i, 0.0)
            x = x.at[i].set(x_i)
    return x


def _safe_norm(x):
    """brax/math.py's `safe_norm` (no axis): a norm with a defined gradient at 0."""
    is_zero = jnp.allclose(x, 0.0)
    # temporarily swap x with ones if is_zero, then swap back
    x = x + is_zero * 1.0
    n = jnp.linalg.norm(x) * (1.0 - is_zero)

    return n


def _inv_approximate_twin(a, a_inv, num_iter=10):
    def body_fn(carry, _):
        a_inv, r, err = carry
        a_inv_next = a_inv @ (np.eye(a.shape[0]) + r)
        r_next = np.eye(a.shape[0]) - a @ a_inv_next
        err_next = _safe_norm(r_next)
        a_inv_next = jnp.where(err_next < err, a_inv_next, a_inv)
        return (a_inv_next, r_next, err_next), None

    # ensure ||I - X0 @ A|| < 1, in order to guarantee convergence
    r0 = jnp.eye(a.shape[0]) - a @ a_inv
    a_inv = jnp.where(_safe_norm(r0) > 1, 0.5 * a.T / jnp.trace(a @ a.T), a_inv)
    (a_inv, _, _), _ = jax.lax.scan(body_fn, (a_inv, r0, 1.0), None, num_iter)

    return a_inv


def _inv_args():
    a = jnp.array([[2.0, 0.3, 0.1], [0.2, 1.5, -0.4], [0.0, 0.5, 3.0]])
    return a, jnp.diag(1.0 / jnp.diag(a))


@program(twin=_inv_approximate_twin, args=_inv_args, grad=(0, 1), loss=jnp.sum, vmap=(0, 0), rtol=1e-4,
         source=BRAX.format("math.py") + ", `inv_approximate` (Newton-Schulz: a restart if ||I - A X0|| > 1, "
         "then num_iter steps, each kept only if the residual norm fell)")
def inv_approximate(a, a_inv, num_iter=10):
    r = jnp.eye(a.shape[0]) - a @ a_inv
    # ensure ||I - X0 @ A|| < 1, in order to guarantee convergence
    if _safe_norm(r) > 1:
        a_inv = 0.5 * a.T / jnp.trace(a @ a.T)
    err = 1.0
    for _ in range(num_iter):
        a_inv_next = a_inv @ (np.eye(a.shape[0]) + r)
        r = np.eye(a.shape[0]) - a @ a_inv_next
        err_next = _safe_norm(r)
        if err_next < err:
            a_inv = a_inv_next
        err = err_next
    return a_inv


def _gae_twin(truncation, termination, rewards, values, bootstrap_value, lambda_=0.95, discount=0.99):
    truncation_mask = 1 - truncation
    # Append bootstrapped value to get [v1, ..., v_t+1]
    values_t_plus_1 = jnp.concatenate([values[1:], jnp.expand_dims(bootstrap_value, 0)], axis=0)
    deltas = rewards + discount * (1 - termination) * values_t_plus_1 - values
    deltas *= truncation_mask

    acc = jnp.zeros_like(bootstrap_value)

    def compute_vs_minus_v_xs(carry, target_t):
        lambda_, acc = carry
        truncation_mask, delta, termination = target_t
        acc = delta + discount * (1 - termination) * truncation_mask * lambda_ * acc
        return (lambda_, acc), (acc)

    (_, _), (vs_minus_v_xs) = jax.lax.scan(
        compute_vs_minus_v_xs,
        (lambda_, acc),
        (truncation_mask, deltas, termination),
        length=int(truncation_mask.shape[0]),
        reverse=True,
    )
    # Add V(x_s) to get v_s.
    vs = jnp.add(vs_minus_v_xs, values)

    vs_t_plus_1 = jnp.concatenate([vs[1:], jnp.expand_dims(bootstrap_value, 0)], axis=0)
    advantages = (rewards + discount * (1 - termination) * vs_t_plus_1 - values) * truncation_mask
    return jax.lax.stop_gradient(vs), jax.lax.stop_gradient(advantages)


def _gae_args():
    truncation = jnp.zeros((6, 2)).at[3, 1].set(1.0)
    termination = jnp.zeros((6, 2)).at[2, 0].set(1.0)
    rewards = jnp.array([[1.0, 0.0], [0.5, 1.0], [0.0, 2.0], [1.0, 0.5], [0.2, 0.0], [1.0, 1.0]])
    values = jnp.sin(jnp.arange(12.0)).reshape(6, 2)
    return truncation, termination, rewards, values, jnp.array([0.3, -0.4])


@program(twin=_gae_twin, args=_gae_args, vmap=(None, None, 0, 0, 0),
         source=BRAX.format("training/agents/ppo/losses.py") + ", `compute_gae` (a reversed scan over time "
         "with truncation and termination masks)")
def brax_compute_gae(truncation, termination, rewards, values, bootstrap_value, lambda_=0.95, discount=0.99):
    truncation_mask = 1 - truncation
    # Append bootstrapped value to get [v1, ..., v_t+1]
    values_t_plus_1 = jnp.concatenate([values[1:], jnp.expand_dims(bootstrap_value, 0)], axis=0)
    deltas = rewards + discount * (1 - termination) * values_t_plus_1 - values
    deltas *= truncation_mask

    acc = jnp.zeros_like(bootstrap_value)
    vs_minus_v_xs = []
    for t in reversed(range(truncation_mask.shape[0])):
        acc = deltas[t] + discount * (1 - termination[t]) * truncation_mask[t] * lambda_ * acc
        vs_minus_v_xs.append(acc)
    vs_minus_v_xs = jnp.stack(vs_minus_v_xs[::-1])
    # Add V(x_s) to get v_s.
    vs = jnp.add(vs_minus_v_xs, values)

    vs_t_plus_1 = jnp.concatenate([vs[1:], jnp.expand_dims(bootstrap_value, 0)], axis=0)
    advantages = (rewards + discount * (1 - termination) * vs_t_plus_1 - values) * truncation_mask
    return jax.lax.stop_gradient(vs), jax.lax.stop_gradient(advantages)


# --- lanl/scico: flax/inverse.py's power iteration ----------------------------------------------------------

def _power_iteration_twin(A, maxiter=100):
    key = jax.random.PRNGKey(0)
    v = jax.random.normal(key, shape=A.shape[1:], dtype=A.dtype)

    v = v / jnp.linalg.norm(v)

    init_val = (0, v, v, 1.0)

    def cond_fun(val):
        return jnp.logical_and(val[0] <= maxiter, val[3] > 0.0)

    def body_fun(val):
        i, v, Av, normAv = val
        v = Av / normAv
        i = i + 1
        Av = A @ v
        normAv = jnp.linalg.norm(Av)
        return (i, v, Av, normAv)

    def true_fun(v, Av, normAv):
        return jnp.sum(v.conj() * Av) / jnp.linalg.norm(v) ** 2, Av / normAv

    def false_fun(v, Av, normAv):
        return 0.0 * normAv, Av  # Multiplication by zero used to preserve data type

    i, v, Av, normAv = lax.while_loop(cond_fun, body_fun, init_val)
    mu, v = lax.cond(normAv > 0.0, true_fun, false_fun, v, Av, normAv)
    return mu, v


def _power_args():
    q = jnp.linalg.qr(jnp.array([[1.0, 0.5, 0.2, 0.0], [0.3, 1.0, 0.4, 0.1], [0.0, 0.2, 1.0, 0.6],
                                 [0.5, 0.0, 0.3, 1.0]]))[0]
    return (q * jnp.array([3.0, 1.5, 0.7, -0.4])) @ q.T,


@program(twin=_power_iteration_twin, args=_power_args, jvp=(0,), vmap=(0,), rtol=1e-4,
         source=SCICO + ", `power_iteration` (a while loop to maxiter while ||Av|| > 0, then a cond), a "
         "symmetric matrix in place of the LinearOperator")
def scico_power_iteration(A, maxiter=100):
    key = jax.random.PRNGKey(0)
    v = jax.random.normal(key, shape=A.shape[1:], dtype=A.dtype)
    v = v / jnp.linalg.norm(v)
    i, Av, normAv = 0, v, 1.0
    while i <= maxiter and normAv > 0.0:
        v = Av / normAv
        i = i + 1
        Av = A @ v
        normAv = jnp.linalg.norm(Av)
    if normAv > 0.0:
        mu, v = jnp.sum(v.conj() * Av) / jnp.linalg.norm(v) ** 2, Av / normAv
    else:
        mu, v = 0.0 * normAv, Av  # Multiplication by zero used to preserve data type
    return mu, v


# --- RobertTLange/gymnax: MinAtar Asterix's free-slot search ------------------------------------------------

def _slots_twin(key, state_entities):
    init_val = jnp.array([0, 0])
    # Sample random order of slot entries to go through - hack around jnp.where
    order_to_go_through = jax.random.permutation(key, jnp.arange(8))
    perm_entities = state_entities[order_to_go_through]

    def condition_to_check(val):
        # Check if we haven't gone through all possible slots and whether free
        return jnp.logical_and(val[0] < 7, val[1] == 0)

    def update(val):
        # Increase list counter - slot that has been checked
        val = val.at[0].set(val[0] + 1)
        # Check if slot is still free
        free = perm_entities[val[0]] == 0
        val = val.at[1].set(free)
        return val

    id_and_free = jax.lax.while_loop(condition_to_check, update, init_val)
    # Return slot id and whether it is free
    slot_id = order_to_go_through[id_and_free[0]]
    free_slot = id_and_free[1]
    return slot_id, free_slot


@program(twin=_slots_twin, args=lambda: (jax.random.PRNGKey(3), jnp.array([1, 1, 0, 1, 1, 0, 1, 1])),
         vmap=(0, 0),
         source=GYMNAX + ", `while_sample_slots` (\"go through random order of slots until slot is found that "
         "is free\": a while loop on an index-and-flag array)")
def sample_free_slot(key, state_entities):
    val = jnp.array([0, 0])
    order_to_go_through = jax.random.permutation(key, jnp.arange(8))
    perm_entities = state_entities[order_to_go_through]
    # Go through the slots until all are checked or a free one is found
    while val[0] < 7 and val[1] == 0:
        val = val.at[0].set(val[0] + 1)
        free = perm_entities[val[0]] == 0
        val = val.at[1].set(free)
    slot_id = order_to_go_through[val[0]]
    free_slot = val[1]
    return slot_id, free_slot


# --- brentyi/jaxlie: SO3.exp ---------------------------------------------------------------------------------

def _so3_exp_twin(tangent):
    theta_squared = jnp.sum(jnp.square(tangent), axis=-1)
    theta_pow_4 = theta_squared * theta_squared
    use_taylor = theta_squared < 1e-5  # jaxlie's get_epsilon(float32)

    # Shim to avoid NaNs in jnp.where branches, which cause failures for
    # reverse-mode AD.
    safe_theta = jnp.sqrt(
        jnp.where(
            use_taylor,
            # Any constant value should do here.
            jnp.ones_like(theta_squared),
            theta_squared,
        )
    )
    safe_half_theta = 0.5 * safe_theta

    real_factor = jnp.where(
        use_taylor,
        1.0 - theta_squared / 8.0 + theta_pow_4 / 384.0,
        jnp.cos(safe_half_theta),
    )

    imaginary_factor = jnp.where(
        use_taylor,
        0.5 - theta_squared / 48.0 + theta_pow_4 / 3840.0,
        jnp.sin(safe_half_theta) / safe_theta,
    )

    return jnp.concatenate([real_factor[..., None], imaginary_factor[..., None] * tangent], axis=-1)


@program(twin=_so3_exp_twin, args=lambda: (jnp.array([0.3, -0.2, 0.5]),), grad=(0,), loss=jnp.sum, vmap=(0,),
         source=JAXLIE + ", `SO3.exp` (jnp.where between a Taylor expansion for theta^2 < eps and the closed "
         "form, with a shim against NaN gradients), the branch as an if on theta^2")
def so3_exp(tangent):
    theta_squared = jnp.sum(jnp.square(tangent), axis=-1)
    theta_pow_4 = theta_squared * theta_squared
    if theta_squared < 1e-5:  # jaxlie's get_epsilon(float32)
        real_factor = 1.0 - theta_squared / 8.0 + theta_pow_4 / 384.0
        imaginary_factor = 0.5 - theta_squared / 48.0 + theta_pow_4 / 3840.0
    else:
        theta = jnp.sqrt(theta_squared)
        real_factor = jnp.cos(0.5 * theta)
        imaginary_factor = jnp.sin(0.5 * theta) / theta
    return jnp.concatenate([real_factor[..., None], imaginary_factor[..., None] * tangent], axis=-1)
