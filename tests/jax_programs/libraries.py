"""The corpus's second half: programs from JAX libraries and their examples (issue 31), each written
with Python control flow over traced values and checked against a hand-written ``lax`` twin.

Each source names its repository, commit and licence. Where the library itself writes the loop with
``lax`` (because Python control flow fails under ``jit``), ``plain`` is that loop written in Python as
the library's docstring or paper describes it, and the twin follows the library's ``lax`` code; where
the library already writes Python control flow (flax's ``gae_advantages``, rlax's ``vtrace`` and
``n_step_bootstrapped_returns``), ``plain`` is its code. Programs are adapted only in calling
convention: arguments instead of configuration objects, a small model where the source takes a network.
Registered into ``programs.PROGRAMS`` (``programs.py`` imports this module last).
"""

from __future__ import annotations

from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax import lax
from jax.scipy.special import logsumexp

from jax_programs.programs import program

FLAX = "google/flax@0740ef63c4eae05de58d80f85a05fc23bb8b3261 (Apache-2.0) examples/ppo/ppo_lib.py"
BLACKJAX = "blackjax-devs/blackjax@{} (Apache-2.0) {}"
DIFFRAX = "patrick-kidger/diffrax@{} (Apache-2.0) {}"
DYNAMAX = "probml/dynamax@{} (MIT) {}"
JAXOPT = "google/jaxopt@{} (Apache-2.0) jaxopt/_src/{}"
NUMPYRO = "pyro-ppl/numpyro@{} (Apache-2.0) {}"
RLAX = "google-deepmind/rlax@{} (Apache-2.0) rlax/_src/{}"
OTT = "ott-jax/ott@d9f534b33d106c85eac26745b10d2e12fc059bbc (Apache-2.0) src/ott/solvers/linear/sinkhorn.py"
MCTX = "google-deepmind/mctx@5ad16c296cf3a0fdb7a010d8b04bb0e0d3b905c5 (Apache-2.0) mctx/_src/search.py"
EQUINOX = "patrick-kidger/equinox@b4e4befc9005603a8136ec37bfedf39f1ede15b5 (Apache-2.0) examples/train_rnn.py"


# --- google/flax: examples/ppo ------------------------------------------------------------------------

def _gae_twin(rewards, terminal_masks, values, discount, gae_param):
    def step(gae, t):
        value_diff = discount * values[t + 1] * terminal_masks[t] - values[t]
        gae = rewards[t] + value_diff + discount * gae_param * terminal_masks[t] * gae
        return gae, gae
    return lax.scan(step, jnp.float32(0.0), jnp.arange(rewards.shape[0]), reverse=True)[1]


def _gae_args():
    rewards = jnp.array([1.0, 0.0, 0.5, 1.0, 0.0, 0.0, 2.0, 1.0])
    masks = jnp.array([1.0, 1.0, 1.0, 0.0, 1.0, 1.0, 1.0, 1.0])
    return rewards, masks, jnp.sin(jnp.arange(9.0)), jnp.float32(0.99), jnp.float32(0.95)


@program(twin=_gae_twin, args=_gae_args, grad=(2,), loss=jnp.sum, vmap=(0, 0, 0, None, None),
         source=f"{FLAX}, `gae_advantages` (its code: a reversed range, a list appended and reversed)")
def gae_advantages(rewards, terminal_masks, values, discount, gae_param):
    assert rewards.shape[0] + 1 == values.shape[0], ('One more value needed; Eq. '
                                                     '(12) in PPO paper requires '
                                                     'V(s_{t+1}) for delta_t')
    advantages = []
    gae = 0.
    for t in reversed(range(len(rewards))):
        # Masks used to set next state value to 0 for terminal states.
        value_diff = discount * values[t + 1] * terminal_masks[t] - values[t]
        delta = rewards[t] + value_diff
        # Masks[t] used to ensure that values before and after a terminal state
        # are independent of each other.
        gae = delta + discount * gae_param * terminal_masks[t] * gae
        advantages.append(gae)
    advantages = advantages[::-1]
    return jnp.array(advantages)


def _ppo_loss(params, batch):
    states, advantages = batch
    log_probs = jax.nn.log_softmax(states @ params)
    return -jnp.mean(log_probs[:, 0] * advantages)


def _ppo_epoch_twin(params, states, advantages):
    iterations = states.shape[0] // 4
    trajectories = (states.reshape((iterations, 4) + states.shape[1:]), advantages.reshape((iterations, 4)))

    def step(carry, batch):
        params, loss = carry
        value, grads = jax.value_and_grad(_ppo_loss)(params, batch)
        return (params - 0.1 * grads, loss + value), None
    return lax.scan(step, (params, jnp.float32(0.0)), trajectories)[0]


def _ppo_args():
    k1, k2 = jax.random.split(jax.random.key(5))
    return 0.3 * jax.random.normal(k1, (3, 2)), jax.random.normal(k2, (16, 3)), jnp.linspace(-1.0, 1.0, 16)


@program(twin=_ppo_epoch_twin, args=_ppo_args, grad=(0,), loss=lambda out: jnp.sum(out[0]) + out[1],
         vmap=(0, None, None),
         source=f"{FLAX}, `train_step` (an epoch: `for batch in zip(*trajectories)` accumulating the loss), "
                "with a linear softmax policy in place of the Atari network")
def ppo_epoch(params, states, advantages):
    iterations = states.shape[0] // 4
    trajectories = (states, advantages)
    trajectories = jax.tree_util.tree_map(lambda x: x.reshape((iterations, 4) + x.shape[1:]), trajectories)
    loss = 0.
    for batch in zip(*trajectories):
        grad_fn = jax.value_and_grad(_ppo_loss)
        value, grads = grad_fn(params, batch)
        loss += value
        params = params - 0.1 * grads
    return params, loss


# --- blackjax-devs/blackjax: HMC, its step-size search, elliptical slice, SMC resampling --------------

_PRECISION = (1.0, 4.0, 25.0)  # a Gaussian target with these precisions


def _potential(x):
    return 0.5 * jnp.sum(jnp.array(_PRECISION) * x ** 2)


def _kinetic(p):
    return 0.5 * jnp.sum(p ** 2)


def _velocity_verlet(x, p, step_size):
    p = p - 0.5 * step_size * jax.grad(_potential)(x)
    x = x + step_size * p
    p = p - 0.5 * step_size * jax.grad(_potential)(x)
    return x, p


def _acceptance(x, p, step_size):
    x_new, p_new = _velocity_verlet(x, p, step_size)
    delta = _potential(x) + _kinetic(p) - _potential(x_new) - _kinetic(p_new)
    return jnp.exp(jnp.minimum(delta, 0.0))


_FP = jnp.finfo(jnp.float32)


def _step_size_twin(x, p):
    def update(state):
        direction, _, step_size = state
        step_size = (2.0 ** direction) * step_size
        new_direction = jnp.where(0.65 < _acceptance(x, p, step_size), 1, -1)
        return new_direction, direction, step_size

    def do_continue(state):
        direction, previous_direction, step_size = state
        crossed = (previous_direction == 0) | (direction == previous_direction)
        return crossed & (_FP.tiny < step_size) & (step_size < _FP.max)
    return lax.while_loop(do_continue, update, (0, 0, jnp.float32(1.0)))[2]


@program(twin=_step_size_twin, args=lambda: (jnp.array([1.0, -0.5, 0.3]), jnp.array([0.2, 1.0, -0.7])),
         vmap=(0, None),
         source=BLACKJAX.format("03497362ffada86987b0aaa852c97ac74c2029f7", "blackjax/adaptation/step_size.py")
         + ", `find_reasonable_step_size` (double or halve until the acceptance crosses the target), the "
           "kernel one velocity-Verlet step")
def reasonable_step_size(x, p):
    direction = 0
    previous_direction = 0
    step_size = 1.0
    while (previous_direction == 0 or direction == previous_direction) and _FP.tiny < step_size < _FP.max:
        step_size = (2.0 ** direction) * step_size
        previous_direction = direction
        direction = 1 if 0.65 < _acceptance(x, p, step_size) else -1
    return step_size


def _hmc_twin(key, x):
    def transition(i, carry):
        key, x = carry
        key, key_momentum, key_accept = jax.random.split(key, 3)
        momentum = jax.random.normal(key_momentum, x.shape)
        position, p = lax.fori_loop(0, 5, lambda j, c: _velocity_verlet(c[0], c[1], 0.15), (x, momentum))
        delta_energy = _potential(position) + _kinetic(p) - _potential(x) - _kinetic(momentum)
        accept = jnp.log(jax.random.uniform(key_accept)) < -delta_energy
        return key, jnp.where(accept, position, x)
    return lax.fori_loop(0, 20, transition, (key, x))[1]


@program(twin=_hmc_twin, args=lambda: (jax.random.key(6), jnp.array([1.0, -1.0, 0.5])), grad=(1,), loss=jnp.sum,
         vmap=(None, 0),
         source=BLACKJAX.format("798f577a0d460eef5ea317fdaddccf33ca664dc5", "blackjax/mcmc/hmc.py")
         + " (the HMC transition: a momentum draw, num_integration_steps of velocity Verlet from "
         + BLACKJAX.format("28167ad35fb880f7b90d0a78d8324f7fda8032e2", "blackjax/mcmc/integrators.py")
         + ", a Metropolis accept), 20 transitions")
def hmc_chain(key, x):
    step_size = 0.15
    for _ in range(20):
        key, key_momentum, key_accept = jax.random.split(key, 3)
        momentum = jax.random.normal(key_momentum, x.shape)
        position, p = x, momentum
        for _ in range(5):
            p = p - 0.5 * step_size * jax.grad(_potential)(position)
            position = position + step_size * p
            p = p - 0.5 * step_size * jax.grad(_potential)(position)
        delta_energy = _potential(position) + _kinetic(p) - _potential(x) - _kinetic(momentum)
        if jnp.log(jax.random.uniform(key_accept)) < -delta_energy:
            x = position
    return x


def _divergence_twin(x, p, step_size):
    energy0 = _potential(x) + _kinetic(p)

    def step(c, _):
        x, p, steps, diverged = c
        x2, p2 = _velocity_verlet(x, p, step_size)
        keep = lambda old, new: jnp.where(diverged, old, new)  # noqa: E731
        return (keep(x, x2), keep(p, p2), keep(steps, steps + 1),
                diverged | (_potential(x2) + _kinetic(p2) - energy0 > 1000.0)), None
    (x, _, steps, diverged), _ = lax.scan(step, (x, p, 0, False), None, length=50)
    return x, steps, diverged


@program(twin=_divergence_twin, args=lambda: (jnp.array([1.0, 1.0, 1.0]), jnp.array([0.5, -0.5, 1.0]),
                                               jnp.float32(0.45)),
         grad=(0,), loss=lambda out: jnp.sum(out[0]), vmap=(None, None, 0),
         source=BLACKJAX.format("d4d7a47deed3af50faf32fb4dcfc5cf9b50a52fb", "blackjax/mcmc/trajectory.py")
         + ", `dynamic_progressive_integration` (integrate until the energy error says divergent)")
def integrate_until_divergence(x, p, step_size):
    energy0 = _potential(x) + _kinetic(p)
    steps = 0
    diverged = False
    for _ in range(50):
        x, p = _velocity_verlet(x, p, step_size)
        steps += 1
        if _potential(x) + _kinetic(p) - energy0 > 1000.0:
            diverged = True
            break
    return x, steps, diverged


def _loglik(x):
    return -jnp.sum((x - 1.0) ** 2)


def _slice_start(key, x):
    key_nu, key_u, key_theta, key = jax.random.split(key, 4)
    nu = jax.random.normal(key_nu, x.shape)
    log_y = _loglik(x) + jnp.log(jax.random.uniform(key_u))
    theta = jax.random.uniform(key_theta, minval=0.0, maxval=2 * jnp.pi)
    return key, nu, log_y, theta


def _elliptical_twin(key, x):
    def transition(i, carry):
        key, x = carry
        key, sub = jax.random.split(key)
        sub, nu, log_y, theta = _slice_start(sub, x)

        def body(c):
            key, theta, lo, hi, _ = c
            lo, hi = jnp.where(theta < 0, theta, lo), jnp.where(theta < 0, hi, theta)
            key, k = jax.random.split(key)
            theta = jax.random.uniform(k, minval=lo, maxval=hi)
            return key, theta, lo, hi, x * jnp.cos(theta) + nu * jnp.sin(theta)
        first = x * jnp.cos(theta) + nu * jnp.sin(theta)
        state = (sub, theta, theta - 2 * jnp.pi, theta, first)
        return key, lax.while_loop(lambda c: _loglik(c[4]) <= log_y, body, state)[4]
    return lax.fori_loop(0, 5, transition, (key, x))[1]


@program(twin=_elliptical_twin, args=lambda: (jax.random.key(7), jnp.array([0.5, -0.2])), vmap=(None, 0), jvp=(1,),
         source=BLACKJAX.format("4d9139c667d267b86c4e8bfa66bdbd93f122b4db", "blackjax/mcmc/elliptical_slice.py")
         + " (Murray, Adams & MacKay 2010: shrink the angle bracket until the slice is hit), 5 transitions, "
           "written `while True` with a break")
def elliptical_slice(key, x):
    for _ in range(5):
        key, sub = jax.random.split(key)
        key_nu, key_u, key_theta, sub = jax.random.split(sub, 4)
        nu = jax.random.normal(key_nu, x.shape)
        log_y = _loglik(x) + jnp.log(jax.random.uniform(key_u))
        theta = jax.random.uniform(key_theta, minval=0.0, maxval=2 * jnp.pi)
        theta_min, theta_max = theta - 2 * jnp.pi, theta
        while True:
            proposal = x * jnp.cos(theta) + nu * jnp.sin(theta)
            if _loglik(proposal) > log_y:
                break
            if theta < 0:
                theta_min = theta
            else:
                theta_max = theta
            sub, k = jax.random.split(sub)
            theta = jax.random.uniform(k, minval=theta_min, maxval=theta_max)
        x = proposal
    return x


def _systematic_twin(key, weights):
    n = weights.shape[0]
    positions = (jax.random.uniform(key) + jnp.arange(n)) / n
    return jnp.clip(jnp.searchsorted(jnp.cumsum(weights), positions), 0, n - 1)


@program(twin=_systematic_twin, args=lambda: (jax.random.key(8), jnp.array([0.1, 0.3, 0.05, 0.25, 0.2, 0.1])),
         vmap=(None, 0),
         source=BLACKJAX.format("492463f0650dd528aa07fd801a93895736214f97", "blackjax/smc/resampling.py")
         + ", `systematic` (its searchsorted is the twin; the program is the two-pointer loop of Doucet & "
           "Johansen's tutorial, 2009, that the searchsorted replaces)")
def systematic_resample(key, weights):
    n = weights.shape[0]
    positions = (jax.random.uniform(key) + jnp.arange(n)) / n
    cumulative = jnp.cumsum(weights)
    idx = jnp.zeros(n, jnp.int32)
    i, j = 0, 0
    while i < n:
        if positions[i] <= cumulative[j] or j == n - 1:
            idx = idx.at[i].set(j)
            i += 1
        else:
            j += 1
    return idx


# --- patrick-kidger/diffrax: adaptive steps, SDEs, stepping to an event --------------------------------

def _rhs(t, y):
    return -y + jnp.sin(3.0 * t)


def _heun_twin(y0):
    def body(c):
        t, y, dt, n = c
        dt = jnp.minimum(dt, 3.0 - t)
        k1 = _rhs(t, y)
        k2 = _rhs(t + dt, y + dt * k1)
        y_new = y + dt / 2 * (k1 + k2)
        y_err = dt / 2 * (k2 - k1)
        scale = 1e-3 + 1e-3 * jnp.maximum(jnp.abs(y), jnp.abs(y_new))
        ratio = jnp.sqrt(jnp.mean((y_err / scale) ** 2))
        ok = ratio <= 1
        factor = jnp.clip(0.9 * ratio ** (-1 / 2), 0.2, 10.0)
        return jnp.where(ok, t + dt, t), jnp.where(ok, y_new, y), dt * factor, n + 1
    _, y, _, n = lax.while_loop(lambda c: c[0] < 3.0, body, (jnp.float32(0.0), y0, jnp.float32(0.1), 0))
    return y, n


@program(twin=_heun_twin, args=lambda: (jnp.array([1.0, -0.5]),), vmap=(0,), jvp=(0,), rtol=1e-4,
         source=DIFFRAX.format("25ff0d9b2528e36911121c6c5d7d51be2e0b596f", "diffrax/_step_size_controller/pid.py")
         + " (the integral controller: accept when the RMS error ratio is ≤ 1, scale dt by "
           "clip(0.9 ratio^(-1/order), 0.2, 10)) driving "
         + DIFFRAX.format("3020bb5a67977547fcfa62c47150f3795acbd28b", "diffrax/_solver/heun.py")
         + " with its embedded Euler error, the last step clipped with Python's min")
def heun_adaptive(y0):
    t, t1 = 0.0, 3.0
    y = y0
    dt = 0.1
    num_steps = 0
    while t < t1:
        dt = min(dt, t1 - t)
        k1 = _rhs(t, y)
        k2 = _rhs(t + dt, y + dt * k1)
        y_new = y + dt / 2 * (k1 + k2)
        y_error = dt / 2 * (k2 - k1)
        scale = 1e-3 + 1e-3 * jnp.maximum(jnp.abs(y), jnp.abs(y_new))
        error_ratio = jnp.sqrt(jnp.mean((y_error / scale) ** 2))
        if error_ratio <= 1:
            t = t + dt
            y = y_new
        factor = jnp.clip(0.9 * error_ratio ** (-1 / 2), 0.2, 10.0)
        dt = dt * factor
        num_steps += 1
    return y, num_steps


def _ou_twin(key, y0, theta):
    def step(carry, _):
        key, y = carry
        key, sub = jax.random.split(key)
        dw = jnp.sqrt(0.01) * jax.random.normal(sub, y.shape)
        y = y + (-theta * y) * 0.01 + 0.3 * dw
        return (key, y), y
    return lax.scan(step, (key, y0), None, length=100)[1]


@program(twin=_ou_twin, args=lambda: (jax.random.key(9), jnp.array([1.0, -2.0, 0.5]), jnp.float32(1.5)),
         grad=(1, 2), loss=jnp.sum, vmap=(None, 0, None),
         source=DIFFRAX.format("5110cfdb85ded7b8bfdb78608399fed9fbb6a13d", "diffrax/_solver/euler.py")
         + " (Euler-Maruyama: y + f dt + g dW) on an Ornstein-Uhlenbeck process, the path kept in a list")
def ou_euler_maruyama(key, y0, theta):
    dt = 0.01
    y = y0
    path = []
    for _ in range(100):
        key, sub = jax.random.split(key)
        dw = jnp.sqrt(dt) * jax.random.normal(sub, y.shape)
        y = y + (-theta * y) * dt + 0.3 * dw
        path.append(y)
    return jnp.stack(path)


def _pendulum_twin(theta0, omega0):
    def body(c):
        theta, omega, t = c
        omega = omega - 0.01 * 9.81 * jnp.sin(theta)
        return theta + 0.01 * omega, omega, t + 0.01
    return lax.while_loop(lambda c: (c[0] > 0) & (c[2] < 10.0), body, (theta0, omega0, jnp.float32(0.0)))


@program(twin=_pendulum_twin, args=lambda: (jnp.float32(0.8), jnp.float32(0.3)), vmap=(0, None), jvp=(0, 1),
         rtol=1e-4,
         source=DIFFRAX.format("5110cfdb85ded7b8bfdb78608399fed9fbb6a13d", "diffrax/_solver/semi_implicit_euler.py")
         + " on a pendulum, stepped until the event theta = 0 (diffrax's `Event` terminating the solve) "
           "or t = 10: `while a and b`")
def pendulum_until_crossing(theta0, omega0):
    theta, omega, t = theta0, omega0, 0.0
    dt = 0.01
    while theta > 0 and t < 10.0:
        omega = omega - dt * 9.81 * jnp.sin(theta)
        theta = theta + dt * omega
        t = t + dt
    return theta, omega, t


# --- probml/dynamax: Kalman filter, HMM filter, Viterbi ----------------------------------------------

def _mvn_logpdf(resid, cov):
    chol = jnp.linalg.cholesky(cov)
    z = jax.scipy.linalg.solve_triangular(chol, resid, lower=True)
    return -0.5 * jnp.sum(z ** 2) - jnp.sum(jnp.log(jnp.diag(chol))) - 0.5 * resid.shape[0] * jnp.log(2 * jnp.pi)


def _kf_step(carry, y, A, C):
    m, P, ll = carry
    S = C @ P @ C.T + 0.5 * jnp.eye(C.shape[0])
    K = jnp.linalg.solve(S, C @ P).T
    resid = y - C @ m
    ll = ll + _mvn_logpdf(resid, S)
    m = m + K @ resid
    P = P - K @ S @ K.T
    return (A @ m, A @ P @ A.T + 0.1 * jnp.eye(A.shape[0]), ll), m


def _kalman_twin(emissions, A, C):
    (_, _, ll), filtered = lax.scan(lambda c, y: _kf_step(c, y, A, C),
                                    (jnp.zeros(A.shape[0]), jnp.eye(A.shape[0]), jnp.float32(0.0)), emissions)
    return ll, filtered


def _kalman_args():
    A = jnp.array([[1.0, 0.1], [0.0, 0.95]])
    C = jnp.array([[1.0, 0.0]])
    return jnp.sin(0.4 * jnp.arange(12.0)).reshape(12, 1), A, C


@program(twin=_kalman_twin, args=_kalman_args, grad=(0, 1), loss=lambda out: out[0], vmap=(0, None, None),
         rtol=1e-4, source=DYNAMAX.format("b402c99d4a565b87d86f7311836a906a78541c0b",
                                          "dynamax/linear_gaussian_ssm/inference.py")
         + ", `lgssm_filter` (condition on the emission, add its marginal log likelihood, predict)")
def kalman_filter(emissions, A, C):
    Q = 0.1 * jnp.eye(A.shape[0])
    R = 0.5 * jnp.eye(C.shape[0])
    m = jnp.zeros(A.shape[0])
    P = jnp.eye(A.shape[0])
    ll = 0.0
    filtered = []
    for y in emissions:
        S = C @ P @ C.T + R
        K = jnp.linalg.solve(S, C @ P).T
        resid = y - C @ m
        ll += _mvn_logpdf(resid, S)
        m = m + K @ resid
        P = P - K @ S @ K.T
        filtered.append(m)
        m = A @ m
        P = A @ P @ A.T + Q
    return ll, jnp.stack(filtered)


def _hmm_filter_twin(initial_probs, transition_matrix, log_likelihoods):
    def step(carry, ll):
        log_normalizer, predicted = carry
        ll_max = ll.max()
        filtered = predicted * jnp.exp(ll - ll_max)
        norm = filtered.sum()
        filtered = filtered / norm
        return (log_normalizer + jnp.log(norm) + ll_max, transition_matrix.T @ filtered), filtered
    (log_normalizer, _), filtered = lax.scan(step, (jnp.float32(0.0), initial_probs), log_likelihoods)
    return log_normalizer, filtered


def _hmm_args():
    initial = jnp.array([0.5, 0.3, 0.2])
    transition = jnp.array([[0.8, 0.1, 0.1], [0.2, 0.7, 0.1], [0.25, 0.25, 0.5]])
    return initial, transition, jnp.cos(jnp.arange(30.0).reshape(10, 3))


@program(twin=_hmm_filter_twin, args=_hmm_args, grad=(1, 2), loss=lambda out: out[0], vmap=(None, None, 0),
         source=DYNAMAX.format("c7e1cc4ea071221c0924fe89c2e34f5f2fccabe3", "dynamax/hidden_markov_model/inference.py")
         + ", `hmm_filter` (normalised forward pass with the log normaliser)")
def hmm_filter(initial_probs, transition_matrix, log_likelihoods):
    num_timesteps = log_likelihoods.shape[0]
    log_normalizer = 0.0
    predicted_probs = initial_probs
    filtered = []
    for t in range(num_timesteps):
        ll = log_likelihoods[t]
        ll_max = ll.max()
        filtered_probs = predicted_probs * jnp.exp(ll - ll_max)
        norm = filtered_probs.sum()
        filtered_probs /= norm
        log_normalizer += jnp.log(norm) + ll_max
        filtered.append(filtered_probs)
        predicted_probs = transition_matrix.T @ filtered_probs
    return log_normalizer, jnp.stack(filtered)


def _viterbi_twin(log_initial, log_transition, log_likelihoods):
    def backward(best_next_score, t):
        scores = log_transition + best_next_score + log_likelihoods[t + 1]
        return jnp.max(scores, axis=1), jnp.argmax(scores, axis=1)
    num_timesteps = log_likelihoods.shape[0]
    best_next_score, best_next_states = lax.scan(backward, jnp.zeros(log_initial.shape[0]),
                                                 jnp.arange(num_timesteps - 1), reverse=True)
    first = jnp.argmax(log_initial + log_likelihoods[0] + best_next_score)

    def forward(state, best_next_state):
        nxt = best_next_state[state]
        return nxt, nxt
    _, rest = lax.scan(forward, first, best_next_states)
    return jnp.concatenate([first[None], rest])


@program(twin=_viterbi_twin, args=lambda: (jnp.log(_hmm_args()[0]), jnp.log(_hmm_args()[1]), _hmm_args()[2]),
         vmap=(None, None, 0),
         source=DYNAMAX.format("c7e1cc4ea071221c0924fe89c2e34f5f2fccabe3", "dynamax/hidden_markov_model/inference.py")
         + ", `hmm_posterior_mode` (Viterbi: a backward max-product pass, then the states read forward)")
def viterbi(log_initial, log_transition, log_likelihoods):
    num_timesteps = log_likelihoods.shape[0]
    best_next_score = jnp.zeros(log_initial.shape[0])
    best_next_states = []
    for t in reversed(range(num_timesteps - 1)):
        scores = log_transition + best_next_score + log_likelihoods[t + 1]
        best_next_states.append(jnp.argmax(scores, axis=1))
        best_next_score = jnp.max(scores, axis=1)
    best_next_states = best_next_states[::-1]
    state = jnp.argmax(log_initial + log_likelihoods[0] + best_next_score)
    states = [state]
    for t in range(num_timesteps - 1):
        state = best_next_states[t][state]
        states.append(state)
    return jnp.array(states)


# --- google/jaxopt: bisection, line search, proximal gradient, fixed points, Levenberg-Marquardt ---------

def _cubic(x, c):
    return x ** 3 - x - c


def _bisection_twin(c):
    sign = jnp.sign(_cubic(3.0, c) - _cubic(-3.0, c))

    def body(s):
        lower, upper, _, it, _ = s
        x = 0.5 * (lower + upper)
        value = _cubic(x, c)
        too_large = sign * value > 0
        return jnp.where(too_large, lower, x), jnp.where(too_large, x, upper), jnp.abs(value), it + 1, x
    state = (jnp.float32(-3.0), jnp.float32(3.0), jnp.float32(jnp.inf), 0, jnp.float32(0.0))
    _, _, _, it, x = lax.while_loop(lambda s: (s[2] > 1e-5) & (s[3] < 30), body, state)
    return x, it


@program(twin=_bisection_twin, args=lambda: (jnp.float32(2.0),), vmap=(0,),
         source=JAXOPT.format("754e5ee9751537f0a75967116b90957fbfa87395", "bisection.py")
         + ", `Bisection` (halve the bracket on the sign of f until |f| ≤ tol or maxiter)")
def bisection_root(c):
    lower, upper = -3.0, 3.0
    sign = jnp.sign(_cubic(upper, c) - _cubic(lower, c))
    error = jnp.inf
    it = 0
    x = 0.0
    while error > 1e-5 and it < 30:
        x = 0.5 * (lower + upper)
        value = _cubic(x, c)
        if sign * value > 0:
            upper = x
        else:
            lower = x
        error = jnp.abs(value)
        it += 1
    return x, it


def _rosenbrock(x):
    return jnp.sum(100.0 * (x[1:] - x[:-1] ** 2) ** 2 + (1 - x[:-1]) ** 2)


def _armijo_twin(x):
    def outer(i, x):
        value, grad = jax.value_and_grad(_rosenbrock)(x)
        slope = -jnp.vdot(grad, grad)

        def cond(c):
            stepsize, it = c
            return (_rosenbrock(x - stepsize * grad) > value + 1e-4 * stepsize * slope) & (it < 30)
        stepsize, _ = lax.while_loop(cond, lambda c: (c[0] * 0.8, c[1] + 1), (jnp.float32(1.0), 0))
        return x - stepsize * grad
    return lax.fori_loop(0, 15, outer, x)


@program(twin=_armijo_twin, args=lambda: (jnp.array([-1.2, 1.0, 0.8]),), vmap=(0,), jvp=(0,), rtol=1e-4,
         source=JAXOPT.format("0bf65b4610c9c371219bfdde4a50fbd83d131453", "backtracking_linesearch.py")
         + ", `BacktrackingLineSearch` (condition='armijo', decrease_factor=0.8) inside gradient descent "
           "on Rosenbrock's function: a while loop in a for loop")
def gd_armijo(x):
    for _ in range(15):
        value, grad = jax.value_and_grad(_rosenbrock)(x)
        descent_direction = -grad
        slope = jnp.vdot(grad, descent_direction)
        stepsize = 1.0
        it = 0
        while _rosenbrock(x + stepsize * descent_direction) > value + 1e-4 * stepsize * slope and it < 30:
            stepsize = stepsize * 0.8
            it += 1
        x = x + stepsize * descent_direction
    return x


def _lasso_args():
    a = jax.random.normal(jax.random.key(10), (12, 5))
    return a, a @ jnp.array([1.0, 0.0, -2.0, 0.0, 0.5]) + 0.05 * jnp.cos(jnp.arange(12.0))


def _ista_twin(A, b):
    def step(carry, it):
        x, last, done = carry
        y = x - 0.02 * (A.T @ (A @ x - b))
        x_new = jnp.sign(y) * jnp.maximum(jnp.abs(y) - 0.1 * 0.02, 0.0)
        error = jnp.linalg.norm(x_new - x) / 0.02
        return (jnp.where(done, x, x_new), jnp.where(done, last, it), done | (error < 1e-3)), None
    (x, it, _), _ = lax.scan(step, (jnp.zeros(A.shape[1]), 0, False), jnp.arange(500))
    return x, it


@program(twin=_ista_twin, args=_lasso_args, grad=(1,), loss=lambda out: jnp.sum(out[0]), rtol=1e-4,
         source=JAXOPT.format("754e5ee9751537f0a75967116b90957fbfa87395", "proximal_gradient.py")
         + " (ISTA with `prox_lasso` soft thresholding, stopping when the fixed-point residual is below tol), "
           "the iteration count read after the loop")
def ista_lasso(A, b):
    stepsize = 0.02
    lam = 0.1
    x = jnp.zeros(A.shape[1])
    for it in range(500):
        y = x - stepsize * (A.T @ (A @ x - b))
        x_new = jnp.sign(y) * jnp.maximum(jnp.abs(y) - lam * stepsize, 0.0)
        error = jnp.linalg.norm(x_new - x) / stepsize
        x = x_new
        if error < 1e-3:
            break
    return x, it


def _deq_twin(W, x):
    def step(carry, _):
        z, done = carry
        z_next = jnp.tanh(W @ z + x)
        return (jnp.where(done, z, z_next), done | (jnp.linalg.norm(z_next - z) < 1e-5)), None
    return lax.scan(step, (jnp.zeros_like(x), False), None, length=100)[0][0]


@program(twin=_deq_twin, args=lambda: (0.3 * jax.random.normal(jax.random.key(11), (4, 4)),
                                       jnp.array([0.5, -1.0, 0.2, 0.1])),
         grad=(0, 1), loss=jnp.sum, vmap=(None, 0),
         source=JAXOPT.format("d50de940c79edb97c52bdd2a846cb07d90176400", "fixed_point_iteration.py")
         + ", `FixedPointIteration` (iterate T until ||T(z) - z|| < tol) on a deep-equilibrium layer "
           "z = tanh(W z + x)")
def fixed_point_layer(W, x):
    z = jnp.zeros_like(x)
    for _ in range(100):
        z_next = jnp.tanh(W @ z + x)
        error = jnp.linalg.norm(z_next - z)
        z = z_next
        if error < 1e-5:
            break
    return z


def _residual(params, t, y):
    return params[0] * jnp.exp(-params[1] * t) - y


def _lm_step(params, damping, nu, t, y):
    r = _residual(params, t, y)
    J = jax.jacfwd(_residual)(params, t, y)
    g = J.T @ r
    delta = jnp.linalg.solve(J.T @ J + damping * jnp.eye(2), -g)
    r_new = _residual(params + delta, t, y)
    rho = (0.5 * (r @ r - r_new @ r_new)) / (0.5 * delta @ (damping * delta - g))
    return g, params + delta, rho


def _lm_twin(params, t, y):
    def step(carry, _):
        params, damping, nu, done = carry
        g, new_params, rho = _lm_step(params, damping, nu, t, y)
        done = done | (jnp.linalg.norm(g) < 1e-5)
        good = rho > 0
        new = (jnp.where(good, new_params, params),
               jnp.where(good, damping * jnp.maximum(1 / 3, 1 - (2 * rho - 1) ** 3), damping * nu),
               jnp.where(good, 2.0, 2 * nu))
        keep = (params, damping, nu)
        return tuple(jnp.where(done, k, n) for k, n in zip(keep, new)) + (done,), None
    return lax.scan(step, (params, jnp.float32(1e-3), jnp.float32(2.0), False), None, length=30)[0][0]


def _lm_args():
    t = jnp.linspace(0.0, 3.0, 10)
    return jnp.array([1.0, 0.5]), t, 2.0 * jnp.exp(-1.3 * t) + 0.01 * jnp.sin(7 * t)


@program(twin=_lm_twin, args=_lm_args, vmap=(None, None, 0), jvp=(2,), rtol=1e-3,
         source=JAXOPT.format("d50de940c79edb97c52bdd2a846cb07d90176400", "levenberg_marquardt.py")
         + ", `LevenbergMarquardt` (gain ratio rho: accept and shrink the damping, or reject and grow it "
           "by nu), fitting an exponential decay")
def levenberg_marquardt(params, t, y):
    damping = 1e-3
    nu = 2.0
    for _ in range(30):
        r = _residual(params, t, y)
        J = jax.jacfwd(_residual)(params, t, y)
        g = J.T @ r
        if jnp.linalg.norm(g) < 1e-5:
            break
        delta = jnp.linalg.solve(J.T @ J + damping * jnp.eye(2), -g)
        r_new = _residual(params + delta, t, y)
        rho = (0.5 * (r @ r - r_new @ r_new)) / (0.5 * delta @ (damping * delta - g))
        if rho > 0:
            params = params + delta
            damping = damping * jnp.maximum(1 / 3, 1 - (2 * rho - 1) ** 3)
            nu = 2.0
        else:
            damping = damping * nu
            nu = 2 * nu
    return params


def _sq_loss(w, x, y):
    return 0.5 * (x @ w - y) ** 2


def _polyak_twin(w, X, y):
    def step(w, xy):
        value, grad = jax.value_and_grad(_sq_loss)(w, *xy)
        stepsize = jnp.minimum(value / (jnp.sum(grad ** 2) + 1e-6), 1.0)
        return w - stepsize * grad, None

    def epoch(w, _):
        return lax.scan(step, w, (X, y))[0], None
    return lax.scan(epoch, w, None, length=3)[0]


def _polyak_args():
    X = jax.random.normal(jax.random.key(12), (8, 3))
    return jnp.zeros(3), X, X @ jnp.array([0.5, -1.0, 2.0])


@program(twin=_polyak_twin, args=_polyak_args, grad=(0, 1), loss=jnp.sum, vmap=(0, None, None), rtol=1e-4,
         source=JAXOPT.format("d50de940c79edb97c52bdd2a846cb07d90176400", "polyak_sgd.py")
         + ", `PolyakSGD` (step min(f / ||g||^2, max_stepsize), written with Python's min), three epochs of "
           "one-example steps")
def polyak_sgd(w, X, y):
    for _ in range(3):
        for i in range(X.shape[0]):
            value, grad = jax.value_and_grad(_sq_loss)(w, X[i], y[i])
            stepsize = min(value / (jnp.sum(grad ** 2) + 1e-6), 1.0)
            w = w - stepsize * grad
    return w


# --- pyro-ppl/numpyro: an ODE model, a rejection sampler, an HMM, exponential smoothing ----------------

def dz_dt(z, theta):
    u, v = z[0], z[1]
    alpha, beta, gamma, delta = theta[0], theta[1], theta[2], theta[3]
    du_dt = (alpha - beta * v) * u
    dv_dt = (-gamma + delta * u) * v
    return jnp.stack([du_dt, dv_dt])


def _rk4(z, theta, dt):
    k1 = dz_dt(z, theta)
    k2 = dz_dt(z + dt / 2 * k1, theta)
    k3 = dz_dt(z + dt / 2 * k2, theta)
    k4 = dz_dt(z + dt * k3, theta)
    return z + dt / 6 * (k1 + 2 * k2 + 2 * k3 + k4)


def _lv_twin(z0, theta):
    def step(z, _):
        z = _rk4(z, theta, 0.05)
        return z, z
    _, zs = lax.scan(step, z0, None, length=100)
    return jnp.concatenate([z0[None], zs])


@program(twin=_lv_twin, args=lambda: (jnp.array([10.0, 5.0]), jnp.array([0.55, 0.028, 0.84, 0.026])),
         grad=(0, 1), loss=jnp.sum, vmap=(0, None), rtol=1e-4,
         source=NUMPYRO.format("30bc72f6942189c2673779cdec2291bd4052c275", "examples/ode.py")
         + ", `dz_dt` (Lotka-Volterra; its odeint replaced by classical RK4 steps, the states in a list "
           "that starts with z0)")
def lotka_volterra_rk4(z0, theta):
    dt = 0.05
    z = z0
    zs = [z0]
    for _ in range(100):
        k1 = dz_dt(z, theta)
        k2 = dz_dt(z + dt / 2 * k1, theta)
        k3 = dz_dt(z + dt / 2 * k2, theta)
        k4 = dz_dt(z + dt * k3, theta)
        z = z + dt / 6 * (k1 + 2 * k2 + 2 * k3 + k4)
        zs.append(z)
    return jnp.stack(zs)


def _von_mises_s(concentration):
    r = 1.0 + jnp.sqrt(1.0 + 4.0 * concentration ** 2)
    rho = (r - jnp.sqrt(2.0 * r)) / (2.0 * concentration)
    return jnp.where(concentration > 1.3e-3, (1.0 + rho ** 2) / (2.0 * rho), 1.0 / concentration)


def _von_mises_twin(key, concentration):
    s = _von_mises_s(concentration)

    def body(c):
        i, key, _, _, _ = c
        key_u, key_v, key = jax.random.split(key, 3)
        u = jax.random.uniform(key_u, minval=-1.0, maxval=1.0)
        z = jnp.cos(jnp.pi * u)
        w = (1.0 + s * z) / (s + z)
        y = concentration * (s - w)
        v = jax.random.uniform(key_v)
        accept = (y * (2.0 - y) >= v) | (jnp.log(y / v) + 1.0 >= y)
        return i + 1, key, accept, u, w
    state = (0, key, False, jnp.float32(0.0), jnp.float32(0.0))
    _, _, _, u, w = lax.while_loop(lambda c: (c[0] < 100) & ~c[2], body, state)
    return jnp.sign(u) * jnp.arccos(w)


@program(twin=_von_mises_twin, args=lambda: (jax.random.key(13), jnp.float32(2.0)), vmap=(None, 0), jvp=(1,),
         source=NUMPYRO.format("025ee7316e7f2e1bab224ce80dbf51c61afb657b", "numpyro/distributions/directional.py")
         + ", `_von_mises_centered` (Best & Fisher's rejection sampler; numpyro's while_loop is the twin), "
           "written with a break on `a or b`")
def von_mises_sample(key, concentration):
    s = _von_mises_s(concentration)
    i = 0
    while i < 100:
        key_u, key_v, key = jax.random.split(key, 3)
        u = jax.random.uniform(key_u, minval=-1.0, maxval=1.0)
        z = jnp.cos(jnp.pi * u)
        w = (1.0 + s * z) / (s + z)
        y = concentration * (s - w)
        v = jax.random.uniform(key_v)
        i += 1
        if y * (2.0 - y) >= v or jnp.log(y / v) + 1.0 >= y:
            break
    return jnp.sign(u) * jnp.arccos(w)


def forward_one_step(prev_log_prob, curr_word, transition_log_prob, emission_log_prob):
    log_prob_tmp = jnp.expand_dims(prev_log_prob, axis=1) + transition_log_prob
    log_prob = log_prob_tmp + emission_log_prob[:, curr_word]
    return logsumexp(log_prob, axis=0)


def _hmm_forward_twin(init_log_prob, words, transition_log_prob, emission_log_prob):
    def scan_fn(log_prob, word):
        return forward_one_step(log_prob, word, transition_log_prob, emission_log_prob), None
    return logsumexp(lax.scan(scan_fn, init_log_prob, words)[0])


def _hmm_forward_args():
    transition = jax.nn.log_softmax(jnp.array([[2.0, 0.5, 0.1], [0.3, 1.5, 0.2], [0.1, 0.4, 1.0]]), axis=1)
    emission = jax.nn.log_softmax(jnp.sin(jnp.arange(15.0)).reshape(3, 5), axis=1)
    return jnp.log(jnp.array([0.4, 0.4, 0.2])), jnp.array([0, 1, 3, 2, 2, 0, 1, 1, 2, 0]), transition, emission


@program(twin=_hmm_forward_twin, args=_hmm_forward_args, grad=(2, 3), vmap=(None, 0, None, None),
         source=NUMPYRO.format("30bc72f6942189c2673779cdec2291bd4052c275", "examples/hmm.py")
         + ", `forward_one_step` / `forward_log_prob` (its lax.scan over the words is the twin), the loop a "
           "Python for over the integer word array")
def hmm_forward_log_prob(init_log_prob, words, transition_log_prob, emission_log_prob):
    log_prob = init_log_prob
    for word in words:
        log_prob = forward_one_step(log_prob, word, transition_log_prob, emission_log_prob)
    return logsumexp(log_prob)


def _holt_twin(y, params):
    alpha, beta, gamma = params[0], params[1], params[2]

    def step(carry, t):
        level, trend, season = carry
        s = season[t % 4]
        pred = level + trend + s
        new_level = alpha * (y[t] - s) + (1 - alpha) * (level + trend)
        trend = beta * (new_level - level) + (1 - beta) * trend
        season = season.at[t % 4].set(gamma * (y[t] - new_level) + (1 - gamma) * s)
        return (new_level, trend, season), pred
    return lax.scan(step, (y[0], jnp.float32(0.0), jnp.zeros(4)), jnp.arange(y.shape[0]))[1]


@program(twin=_holt_twin, args=lambda: (2.0 + jnp.sin(jnp.arange(16.0) * jnp.pi / 2) + 0.1 * jnp.arange(16.0),
                                        jnp.array([0.5, 0.2, 0.3])),
         grad=(0, 1), loss=jnp.sum, vmap=(0, None),
         source=NUMPYRO.format("cd9f31e222268c2ddf5777aef0f3aa28e468f42c", "examples/holt_winters.py")
         + " (level, trend and a season of 4 updated each step), the one-step predictions in a list")
def holt_winters(y, params):
    alpha, beta, gamma = params[0], params[1], params[2]
    level, trend = y[0], 0.0
    season = jnp.zeros(4)
    predictions = []
    for t in range(y.shape[0]):
        s = season[t % 4]
        predictions.append(level + trend + s)
        new_level = alpha * (y[t] - s) + (1 - alpha) * (level + trend)
        trend = beta * (new_level - level) + (1 - beta) * trend
        season = season.at[t % 4].set(gamma * (y[t] - new_level) + (1 - gamma) * s)
        level = new_level
    return jnp.stack(predictions)


# --- google-deepmind/rlax: multistep returns and V-trace -----------------------------------------------

def _vtrace_twin(v_tm1, v_t, r_t, discount_t, rho_tm1):
    c_tm1 = jnp.minimum(1.0, rho_tm1)
    td_errors = jnp.minimum(1.0, rho_tm1) * (r_t + discount_t * v_t - v_tm1)

    def step(err, xs):
        td, discount, c = xs
        err = td + discount * c * err
        return err, err
    return lax.scan(step, jnp.float32(0.0), (td_errors, discount_t, c_tm1), reverse=True)[1]


def _rl_args():
    t = jnp.arange(8.0)
    return (jnp.cos(t), jnp.cos(t + 1), jnp.sin(t), jnp.full(8, 0.9).at[4].set(0.0),
            jnp.array([0.5, 1.2, 0.9, 2.0, 1.0, 0.3, 1.5, 0.8]))


@program(twin=_vtrace_twin, args=_rl_args, grad=(0, 1, 2), loss=jnp.sum, vmap=(0, 0, 0, None, 0),
         source=RLAX.format("0c61fbd02a023e1d94b510f5baad6496c2f03501", "vtrace.py")
         + ", `vtrace` (its code, lambda = 1 and without the stop_gradient select: errors appended over a "
           "reversed range, reversed, made an array)")
def vtrace(v_tm1, v_t, r_t, discount_t, rho_tm1):
    c_tm1 = jnp.minimum(1.0, rho_tm1)
    clipped_rhos_tm1 = jnp.minimum(1.0, rho_tm1)
    td_errors = clipped_rhos_tm1 * (r_t + discount_t * v_t - v_tm1)
    err = 0.0
    errors = []
    for i in reversed(range(v_t.shape[0])):
        err = td_errors[i] + discount_t[i] * c_tm1[i] * err
        errors.append(err)
    errors = errors[::-1]
    return jnp.array(errors)


def _lambda_twin(r_t, discount_t, v_t, lambda_):
    def body(acc, xs):
        returns, discounts, values = xs
        acc = returns + discounts * ((1 - lambda_) * values + lambda_ * acc)
        return acc, acc
    return lax.scan(body, v_t[-1], (r_t, discount_t, v_t), reverse=True)[1]


@program(twin=_lambda_twin, args=lambda: (*_rl_args()[2:4], _rl_args()[1], jnp.float32(0.8)),
         grad=(0, 2, 3), loss=jnp.sum, vmap=(0, None, 0, None),
         known_failure="a list grown by insert(0, g) in a loop over reversed(range(n)): a scan stacks appends only, "
                       "so it is unrolled with an UnrolledLoopWarning, as a range is (values right; it was unrolled "
                       "silently before reversed ranges were offered to the backend)",
         source=RLAX.format("4ec43c98c46fafe6c3071a8d7e7d6012afd67ff1", "multistep.py")
         + ", `lambda_returns` (rlax's reverse lax.scan is the twin), written as a reversed loop that "
           "inserts each return at the front of a list")
def lambda_returns(r_t, discount_t, v_t, lambda_):
    g = v_t[-1]
    returns = []
    for i in reversed(range(len(r_t))):
        g = r_t[i] + discount_t[i] * ((1 - lambda_) * v_t[i] + lambda_ * g)
        returns.insert(0, g)
    return jnp.stack(returns)


def _n_step_twin(r_t, discount_t, v_t):
    n, seq_len = 3, r_t.shape[0]
    targets = jnp.concatenate([v_t[n - 1:], jnp.full(n - 1, v_t[-1])])
    r_t = jnp.concatenate([r_t, jnp.zeros(n - 1)])
    discount_t = jnp.concatenate([discount_t, jnp.ones(n - 1)])
    v_t = jnp.concatenate([v_t, jnp.full(n - 1, v_t[-1])])

    def body(k, targets):
        i = n - 1 - k
        r_ = lax.dynamic_slice(r_t, (i,), (seq_len,))
        d_ = lax.dynamic_slice(discount_t, (i,), (seq_len,))
        return r_ + d_ * targets
    return lax.fori_loop(0, n, body, targets)


@program(twin=_n_step_twin, args=lambda: _rl_args()[2:4] + _rl_args()[1:2], grad=(0, 2), loss=jnp.sum,
         vmap=(0, 0, 0),
         known_failure="a loop over reversed(range(n)) slicing `r_t[i:i + seq_len]` by its index: one scan cannot "
                       "slice by a traced index, so it is unrolled with an UnrolledLoopWarning, as a range is (values "
                       "right; it was unrolled silently before reversed ranges were offered to the backend)",
         source=RLAX.format("4ec43c98c46fafe6c3071a8d7e7d6012afd67ff1", "multistep.py")
         + ", `n_step_bootstrapped_returns` (its code with n = 3 and lambda_t = 1: a reversed range of "
           "sliced windows)")
def n_step_returns(r_t, discount_t, v_t):
    n = 3
    seq_len = r_t.shape[0]
    lambda_t = jnp.ones_like(discount_t)
    # Pad end of v_t with the last value
    pad_size = min(n - 1, seq_len)
    targets = jnp.concatenate([v_t[n - 1:], jnp.array([v_t[-1]] * pad_size)])
    # Pad sequences. Shape is now (T + n - 1,).
    r_t = jnp.concatenate([r_t, jnp.zeros(n - 1)])
    discount_t = jnp.concatenate([discount_t, jnp.ones(n - 1)])
    lambda_t = jnp.concatenate([lambda_t, jnp.ones(n - 1)])
    v_t = jnp.concatenate([v_t, jnp.array([v_t[-1]] * (n - 1))])
    # Work backwards to compute n-step returns.
    for i in reversed(range(n)):
        r_ = r_t[i:i + seq_len]
        discount_ = discount_t[i:i + seq_len]
        lambda_ = lambda_t[i:i + seq_len]
        v_ = v_t[i:i + seq_len]
        targets = r_ + discount_ * ((1. - lambda_) * v_ + lambda_ * targets)
    return targets


# --- ott-jax/ott: Sinkhorn ---------------------------------------------------------------------------------

def _sinkhorn_args():
    x = jnp.linspace(0.0, 1.0, 5)
    y = jnp.linspace(0.2, 1.1, 4)
    return jnp.full(5, 0.2), jnp.array([0.1, 0.2, 0.3, 0.4]), (x[:, None] - y[None, :]) ** 2


def _sinkhorn_twin(a, b, cost):
    eps = 0.05

    def step(carry, it):
        f, g, done = carry
        g_new = eps * jnp.log(b) - eps * logsumexp((f[:, None] - cost) / eps, axis=0)
        f_new = eps * jnp.log(a) - eps * logsumexp((g_new[None, :] - cost) / eps, axis=1)
        plan = jnp.exp((f_new[:, None] + g_new[None, :] - cost) / eps)
        stop = (it % 10 == 0) & (jnp.sum(jnp.abs(plan.sum(0) - b)) < 1e-4)
        return (jnp.where(done, f, f_new), jnp.where(done, g, g_new), done | stop), None
    (f, g, _), _ = lax.scan(step, (jnp.zeros_like(a), jnp.zeros_like(b), False), jnp.arange(300))
    return jnp.sum(jnp.exp((f[:, None] + g[None, :] - cost) / eps) * cost)


@program(twin=_sinkhorn_twin, args=_sinkhorn_args, grad=(2,), vmap=(None, None, 0), rtol=1e-4,
         source=f"{OTT}, `Sinkhorn` (log-domain potential updates, the marginal error checked every "
                "inner_iterations = 10 and the loop left below threshold)")
def sinkhorn_cost(a, b, cost):
    epsilon = 0.05
    f = jnp.zeros_like(a)
    g = jnp.zeros_like(b)
    for it in range(300):
        g = epsilon * jnp.log(b) - epsilon * logsumexp((f[:, None] - cost) / epsilon, axis=0)
        f = epsilon * jnp.log(a) - epsilon * logsumexp((g[None, :] - cost) / epsilon, axis=1)
        if it % 10 == 0:
            plan = jnp.exp((f[:, None] + g[None, :] - cost) / epsilon)
            if jnp.sum(jnp.abs(plan.sum(0) - b)) < 1e-4:
                break
    plan = jnp.exp((f[:, None] + g[None, :] - cost) / epsilon)
    return jnp.sum(plan * cost)


# --- google-deepmind/mctx: the simulation walk down the search tree ----------------------------------------

_UNVISITED = -1


def _ucb(children_visits, children_values, prior, node):
    total = jnp.sum(children_visits[node])
    return children_values[node] + 1.25 * prior[node] * jnp.sqrt(total) / (1 + children_visits[node])


def _mcts_twin(children_index, children_visits, children_values, prior):
    def body(s):
        _, _, next_node, depth = s
        node = next_node
        action = jnp.argmax(_ucb(children_visits, children_values, prior, node))
        return node, action, children_index[node, action], depth + 1
    state = (0, 0, 0, 0)
    node, action, _, depth = lax.while_loop(lambda s: (s[2] != _UNVISITED) & (s[3] < 5), body, state)
    return node, action, depth


def _tree_args():
    children_index = jnp.array([[1, 2, -1], [3, -1, 4], [-1, 5, -1], [-1, -1, -1], [-1, -1, -1], [-1, -1, -1]])
    visits = jnp.array([[4, 3, 0], [2, 0, 1], [0, 2, 0], [0, 0, 0], [0, 0, 0], [0, 0, 0]], jnp.float32)
    values = jnp.sin(jnp.arange(18.0)).reshape(6, 3)
    return children_index, visits, values, jnp.full((6, 3), 1 / 3)


@program(twin=_mcts_twin, args=_tree_args, vmap=(None, None, 0, None),
         source=f"{MCTX}, `simulate` (descend by the PUCT score until an unvisited child or max_depth; "
                "mctx's while_loop is the twin), written `while True` with a break")
def mcts_descend(children_index, children_visits, children_values, prior):
    node = 0
    depth = 0
    while True:
        action = jnp.argmax(_ucb(children_visits, children_values, prior, node))
        next_node = children_index[node, action]
        depth += 1
        if next_node == _UNVISITED or depth >= 5:
            break
        node = next_node
    return node, action, depth


# --- patrick-kidger/equinox: examples/train_rnn.py -------------------------------------------------------

def _gru_cell(params, x, h):
    w_ih, w_hh, b = params
    igates = jnp.split(w_ih @ x + b, 3)
    hgates = jnp.split(w_hh @ h, 3)
    reset = jax.nn.sigmoid(igates[0] + hgates[0])
    inp = jax.nn.sigmoid(igates[1] + hgates[1])
    new = jnp.tanh(igates[2] + reset * hgates[2])
    return new + inp * (h - new)


def _gru_params():
    k1, k2 = jax.random.split(jax.random.key(14))
    return (0.5 * jax.random.normal(k1, (12, 2)), 0.5 * jax.random.normal(k2, (12, 4)), jnp.zeros(12))


def _gru_twin(params, inputs):
    out, _ = lax.scan(lambda h, x: (_gru_cell(params, x, h), None), jnp.zeros(4), inputs)
    return jax.nn.sigmoid(jnp.sum(out))


@program(twin=_gru_twin, args=lambda: (_gru_params(), jnp.stack([jnp.sin(jnp.arange(10.0)),
                                                                   jnp.cos(jnp.arange(10.0))], axis=1)),
         grad=(0,), vmap=(None, 0),
         source=f"{EQUINOX}, `RNN.__call__` (a GRU cell over the sequence; its lax.scan is the twin), "
                "written `for inp in input`")
def gru_classifier(params, inputs):
    hidden = jnp.zeros((4,))
    for inp in inputs:
        hidden = _gru_cell(params, inp, hidden)
    return jax.nn.sigmoid(jnp.sum(hidden))


# --- google/flax: examples/lm1b sampling --------------------------------------------------------------------

_EOS = 1


def _sample_twin(key, logits_table, prompt):
    seqs = jnp.zeros((prompt.shape[0], 12), jnp.int32).at[:, 0].set(prompt)

    def body(c):
        i, key, seqs, ended = c
        key, sub = jax.random.split(key)
        token = jax.random.categorical(sub, logits_table[seqs[:, i]] / 0.7).astype(jnp.int32)
        token = jnp.where(ended, 0, token)
        return i + 1, key, seqs.at[:, i + 1].set(token), ended | (token == _EOS)
    state = (0, key, seqs, jnp.zeros(prompt.shape[0], bool))
    return lax.while_loop(lambda c: (c[0] < 11) & ~jnp.all(c[3]), body, state)[2]


@program(twin=_sample_twin, args=lambda: (jax.random.key(15), jnp.sin(jnp.arange(36.0)).reshape(6, 6) * 2,
                                           jnp.array([2, 3, 4, 5])),
         vmap=(None, None, 0),
         source="google/flax@e5a27a581d15597d299cb24c0b49333077b4859c (Apache-2.0) examples/lm1b/"
                "temperature_sampler.py, `temperature_sample` (sample until every sequence has ended or the "
                "length runs out; its while_loop is the twin), a bigram table as the model")
def temperature_sample(key, logits_table, prompt):
    seqs = jnp.zeros((prompt.shape[0], 12), jnp.int32).at[:, 0].set(prompt)
    ended = jnp.zeros(prompt.shape[0], bool)
    i = 0
    while i < 11 and not jnp.all(ended):
        key, sub = jax.random.split(key)
        logits = logits_table[seqs[:, i]]
        token = jax.random.categorical(sub, logits / 0.7).astype(jnp.int32)
        token = jnp.where(ended, 0, token)
        seqs = seqs.at[:, i + 1].set(token)
        ended = ended | (token == _EOS)
        i += 1
    return seqs


# --- more control flow as written: NamedTuple states, dict states, continue, an early return, ----------
# --- a negative-step range, a zip over time grids ----------------------------------------------------------

class RWState(NamedTuple):
    position: jax.Array
    logdensity: jax.Array


def _logdensity(x):
    return -0.5 * jnp.sum((x - 1.0) ** 2 / jnp.array([1.0, 0.25]))


def _rmh_twin(key, x):
    def step(i, c):
        key, state, accepted = c
        key, k1, k2 = jax.random.split(key, 3)
        proposal = state.position + 0.5 * jax.random.normal(k1, state.position.shape)
        new = RWState(proposal, _logdensity(proposal))
        ok = jnp.log(jax.random.uniform(k2)) < new.logdensity - state.logdensity
        state = jax.tree.map(lambda a, b: jnp.where(ok, a, b), new, state)
        return key, state, accepted + ok.astype(jnp.int32)
    _, state, accepted = lax.fori_loop(0, 50, step, (key, RWState(x, _logdensity(x)), 0))
    return state, accepted


@program(twin=_rmh_twin, args=lambda: (jax.random.key(16), jnp.array([0.0, 2.0])), vmap=(None, 0),
         source=BLACKJAX.format("1bc6f934de4d4b72f27d03ac6f7b3c9640fa517f", "blackjax/mcmc/random_walk.py")
         + " (random-walk Metropolis-Hastings on a `RWState(position, logdensity)` NamedTuple, the state "
           "replaced in the accepting branch), 50 steps")
def rmh_chain(key, x):
    state = RWState(x, _logdensity(x))
    accepted = 0
    for _ in range(50):
        key, key_proposal, key_accept = jax.random.split(key, 3)
        proposal = state.position + 0.5 * jax.random.normal(key_proposal, state.position.shape)
        new_state = RWState(proposal, _logdensity(proposal))
        if jnp.log(jax.random.uniform(key_accept)) < new_state.logdensity - state.logdensity:
            state = new_state
            accepted += 1
    return state, accepted


def _adam_loss(w, X, y):
    return jnp.mean((X @ w - y) ** 2)


def _adam_twin(w, X, y):
    def step(c, _):
        w, m, v, t, best, patience, done = c
        g = jax.grad(_adam_loss)(w, X, y)
        t2 = t + 1
        m2 = 0.9 * m + 0.1 * g
        v2 = 0.999 * v + 0.001 * g ** 2
        w2 = w - 0.05 * (m2 / (1 - 0.9 ** t2)) / (jnp.sqrt(v2 / (1 - 0.999 ** t2)) + 1e-8)
        value = _adam_loss(w2, X, y)
        better = value < best - 1e-4
        best2 = jnp.where(better, value, best)
        patience2 = jnp.where(better, 0, patience + 1)
        new = (w2, m2, v2, t2, best2, patience2)
        old = (w, m, v, t, best, patience)
        kept = tuple(jnp.where(done, o, n) for o, n in zip(old, new))
        return (*kept, done | (patience2 >= 5)), None
    zeros = jnp.zeros_like(w)
    out, _ = lax.scan(step, (w, zeros, zeros, 0, jnp.float32(jnp.inf), 0, False), None, length=300)
    return out[0], out[3]


def _adam_args():
    X = jax.random.normal(jax.random.key(17), (20, 3))
    return jnp.zeros(3), X, X @ jnp.array([1.0, -1.0, 0.5]) + 0.3 * jnp.sin(jnp.arange(20.0))


@program(twin=_adam_twin, args=_adam_args, grad=(1,), loss=lambda out: jnp.sum(out[0]), vmap=(None, None, 0),
         rtol=1e-4,
         source=NUMPYRO.format("f38ef7722c8507a28d168b35971eaffced703d28", "numpyro/optim.py")
         + " (`Adam`: its state held in a dict updated item by item) with patience-based early stopping "
           "(Prechelt, Early Stopping - But When?, 1998)")
def adam_early_stopping(w, X, y):
    state = {"m": jnp.zeros_like(w), "v": jnp.zeros_like(w), "t": 0}
    best = jnp.inf
    patience = 0
    for _ in range(300):
        g = jax.grad(_adam_loss)(w, X, y)
        state["t"] += 1
        state["m"] = 0.9 * state["m"] + 0.1 * g
        state["v"] = 0.999 * state["v"] + 0.001 * g ** 2
        m_hat = state["m"] / (1 - 0.9 ** state["t"])
        v_hat = state["v"] / (1 - 0.999 ** state["t"])
        w = w - 0.05 * m_hat / (jnp.sqrt(v_hat) + 1e-8)
        value = _adam_loss(w, X, y)
        if value < best - 1e-4:
            best = value
            patience = 0
        else:
            patience += 1
        if patience >= 5:
            break
    return w, state["t"]


def _secant_f(x, c):
    return jnp.exp(x) - c


def _secant_twin(x0, x1, c):
    def step(carry, i):
        x0, f0, x1, f1, result, steps, done = carry
        converged = jnp.abs(f1) < 1e-6
        finish = ~done & converged
        result, steps = jnp.where(finish, x1, result), jnp.where(finish, i, steps)
        done = done | converged
        x2 = x1 - f1 * (x1 - x0) / (f1 - f0)
        nxt = (x1, f1, x2, _secant_f(x2, c))
        kept = tuple(jnp.where(done, o, n) for o, n in zip((x0, f0, x1, f1), nxt))
        return (*kept, result, steps, done), None
    init = (x0, _secant_f(x0, c), x1, _secant_f(x1, c), x1, 50, False)
    (_, _, x1, _, result, steps, done), _ = lax.scan(step, init, jnp.arange(50))
    return jnp.where(done, result, x1), steps


@program(twin=_secant_twin, args=lambda: (jnp.float32(0.0), jnp.float32(1.0), jnp.float32(3.0)), grad=(2,),
         loss=lambda out: out[0], vmap=(None, None, 0),
         source="tensorflow/probability@a41534989139cbed4ada41ba3d960518e5d25551 (Apache-2.0) "
                "tensorflow_probability/python/math/root_search.py, `secant_root` (its while_loop: the "
                "twin), written with a `return` from inside the loop once |f| is below the tolerance")
def secant_root(x0, x1, c):
    f0, f1 = _secant_f(x0, c), _secant_f(x1, c)
    for i in range(50):
        if jnp.abs(f1) < 1e-6:
            return x1, i
        x2 = x1 - f1 * (x1 - x0) / (f1 - f0)
        x0, f0 = x1, f1
        x1, f1 = x2, _secant_f(x2, c)
    return x1, 50


def _systematic(key, weights):
    n = weights.shape[0]
    positions = (jax.random.uniform(key) + jnp.arange(n)) / n
    return jnp.clip(jnp.searchsorted(jnp.cumsum(weights), positions), 0, n - 1)


def _pf_step(key, particles, log_w, ll, y):
    key, k_move, k_resample = jax.random.split(key, 3)
    particles = 0.9 * particles + 0.5 * jax.random.normal(k_move, particles.shape)
    log_w = log_w + jax.scipy.stats.norm.logpdf(y, particles, 1.0)
    norm = logsumexp(log_w)
    return key, k_resample, particles, log_w - norm, ll + norm


def _pf_twin(key, ys):
    n = 32

    def step(carry, y):
        key, particles, log_w, ll = carry
        key, k_resample, particles, log_w, ll = _pf_step(key, particles, log_w, ll, y)
        ess = 1.0 / jnp.sum(jnp.exp(2 * log_w))

        def resample():
            return particles[_systematic(k_resample, jnp.exp(log_w))], jnp.full(n, -jnp.log(n))
        particles, log_w = lax.cond(ess >= n / 2, lambda: (particles, log_w), resample)
        return (key, particles, log_w, ll), None
    key, k0 = jax.random.split(key)
    init = (key, jax.random.normal(k0, (n,)), jnp.full(n, -jnp.log(n)), jnp.float32(0.0))
    return lax.scan(step, init, ys)[0][3]


@program(twin=_pf_twin, args=lambda: (jax.random.key(18), jnp.sin(0.5 * jnp.arange(12.0)) * 2),
         grad=(1,), vmap=(None, 0), rtol=1e-4,
         source=BLACKJAX.format("798f577a0d460eef5ea317fdaddccf33ca664dc5", "blackjax/smc/ess.py")
         + " (the effective sample size) and resampling.py's systematic scheme in a bootstrap particle filter "
           "(Doucet & Johansen 2009) that resamples only when the ESS falls below N/2: a `continue`")
def particle_filter(key, ys):
    n = 32
    key, k0 = jax.random.split(key)
    particles = jax.random.normal(k0, (n,))
    log_w = jnp.full(n, -jnp.log(n))
    ll = 0.0
    for y in ys:
        key, k_resample, particles, log_w, ll = _pf_step(key, particles, log_w, ll, y)
        ess = 1.0 / jnp.sum(jnp.exp(2 * log_w))
        if ess >= n / 2:
            continue
        particles = particles[_systematic(k_resample, jnp.exp(log_w))]
        log_w = jnp.full(n, -jnp.log(n))
    return ll


def _backward_twin(transition_matrix, log_likelihoods):
    num_timesteps, num_states = log_likelihoods.shape

    def step(carry, t):
        log_normalizer, backward_pred = carry
        ll = log_likelihoods[t]
        ll_max = ll.max()
        filtered = backward_pred * jnp.exp(ll - ll_max)
        norm = filtered.sum()
        filtered = filtered / norm
        return (log_normalizer + jnp.log(norm) + ll_max, transition_matrix @ filtered), backward_pred
    (log_normalizer, _), preds = lax.scan(step, (jnp.float32(0.0), jnp.ones(num_states)),
                                          jnp.arange(num_timesteps), reverse=True)
    return log_normalizer, preds


@program(twin=_backward_twin, args=lambda: _hmm_args()[1:], grad=(0, 1), loss=lambda out: out[0] + jnp.sum(out[1]),
         vmap=(None, 0),
         source=DYNAMAX.format("c7e1cc4ea071221c0924fe89c2e34f5f2fccabe3", "dynamax/hidden_markov_model/inference.py")
         + ", `hmm_backward_filter` (its reverse lax.scan: the twin), written over range(T - 1, -1, -1) "
           "filling a preallocated array")
def hmm_backward_filter(transition_matrix, log_likelihoods):
    num_timesteps, num_states = log_likelihoods.shape
    log_normalizer = 0.0
    backward_pred = jnp.ones(num_states)
    backward_preds = jnp.zeros((num_timesteps, num_states))
    for t in range(num_timesteps - 1, -1, -1):
        backward_preds = backward_preds.at[t].set(backward_pred)
        ll = log_likelihoods[t]
        ll_max = ll.max()
        filtered = backward_pred * jnp.exp(ll - ll_max)
        norm = filtered.sum()
        filtered /= norm
        log_normalizer += jnp.log(norm) + ll_max
        backward_pred = transition_matrix @ filtered
    return log_normalizer, backward_preds


def _score(x, t, mu):
    return -(x - mu * jnp.exp(-0.5 * t))


def _diffusion_twin(key, x, ts, mu):
    def step(carry, times):
        key, x = carry
        t0, t1 = times
        key, sub = jax.random.split(key)
        dt = t1 - t0
        drift = -0.5 * x - _score(x, t0, mu)
        x = x + drift * dt + jnp.sqrt(jnp.abs(dt)) * jax.random.normal(sub, x.shape)
        return (key, x), None
    return lax.scan(step, (key, x), (ts[:-1], ts[1:]))[0][1]


@program(twin=_diffusion_twin, args=lambda: (jax.random.key(19), jnp.array([0.3, -1.2, 2.0]),
                                              jnp.linspace(3.0, 0.01, 40), jnp.float32(1.5)),
         grad=(1, 3), loss=jnp.sum, vmap=(None, 0, None, None),
         source="patrick-kidger/equinox@5e10a3fc2c781aad64a071357af8546ac7af7c1e (Apache-2.0) "
                "examples/score_based_diffusion.ipynb, `single_sample_fn` (the reverse-time VP SDE from t1 to "
                "0; its diffrax solve replaced by Euler-Maruyama steps over `zip(ts[:-1], ts[1:])`), the "
                "score of Gaussian data in closed form")
def reverse_diffusion(key, x, ts, mu):
    for t0, t1 in zip(ts[:-1], ts[1:]):
        key, sub = jax.random.split(key)
        dt = t1 - t0
        drift = -0.5 * x - _score(x, t0, mu)
        x = x + drift * dt + jnp.sqrt(jnp.abs(dt)) * jax.random.normal(sub, x.shape)
    return x


# --- google/flax: examples/mnist, a closure defined inside the loop's callee, NumPy on a list -------------

def _apply_model(params, images, labels):
    def loss_fn(params):
        logits = images @ params
        one_hot = jax.nn.one_hot(labels, params.shape[1])
        loss = -jnp.mean(jnp.sum(one_hot * jax.nn.log_softmax(logits), axis=-1))
        return loss, logits

    grad_fn = jax.value_and_grad(loss_fn, has_aux=True)
    (loss, logits), grads = grad_fn(params)
    accuracy = jnp.mean(jnp.argmax(logits, -1) == labels)
    return grads, loss, accuracy


def _mnist_twin(params, train_ds, key):
    perms = jax.random.permutation(key, train_ds["image"].shape[0]).reshape((4, 6))

    def step(params, perm):
        grads, loss, accuracy = _apply_model(params, train_ds["image"][perm, ...], train_ds["label"][perm, ...])
        return params - 0.1 * grads, (loss, accuracy)
    params, (losses, accuracies) = lax.scan(step, params, perms)
    return params, jnp.mean(losses), jnp.mean(accuracies)


def _mnist_args():
    k1, k2 = jax.random.split(jax.random.key(20))
    images = jax.random.normal(k1, (24, 5))
    labels = jnp.argmax(images[:, :3], axis=1)
    return 0.1 * jax.random.normal(k2, (5, 3)), {"image": images, "label": labels}, jax.random.key(21)


@program(twin=_mnist_twin, args=_mnist_args, grad=(0,), loss=lambda out: jnp.sum(out[0]) + out[1],
         vmap=(0, None, None), rtol=1e-4,
         source="google/flax@e466742c2bb31c9748063850fbedc422eb6eb4cf (Apache-2.0) examples/mnist/train.py, "
                "`train_epoch` and `apply_model` (its code: `for perm in perms` over permuted batches, the loss "
                "a closure inside the callee, losses appended and averaged with np.mean), a linear model and "
                "plain SGD in place of the CNN and optax")
def mnist_train_epoch(params, train_ds, key):
    import numpy as np

    perms = jax.random.permutation(key, len(train_ds["image"]))
    perms = perms.reshape((4, 6))
    epoch_loss = []
    epoch_accuracy = []
    for perm in perms:
        batch_images = train_ds["image"][perm, ...]
        batch_labels = train_ds["label"][perm, ...]
        grads, loss, accuracy = _apply_model(params, batch_images, batch_labels)
        params = params - 0.1 * grads
        epoch_loss.append(loss)
        epoch_accuracy.append(accuracy)
    train_loss = np.mean(epoch_loss)
    train_accuracy = np.mean(epoch_accuracy)
    return params, train_loss, train_accuracy


# --- patrick-kidger/optimistix: Newton's method, `while True` with two returns ------------------------------

def _newton_fn(y, a):
    return jnp.array([y[0] ** 2 + y[1] ** 2 - a, y[0] - y[1] ** 3])


def _newton_twin(y0, a):
    def body(c):
        y, step, _ = c
        diff = jnp.linalg.solve(jax.jacfwd(_newton_fn)(y, a), _newton_fn(y, a))
        y = y - diff
        return y, step + 1, jnp.all(jnp.abs(diff) < 1e-6 + 1e-5 * jnp.abs(y))
    y, step, _ = lax.while_loop(lambda c: ~c[2] & (c[1] < 20), body, (y0, 0, False))
    return y, step


@program(twin=_newton_twin, args=lambda: (jnp.array([1.0, 0.5]), jnp.float32(2.0)), vmap=(None, 0), jvp=(0, 1),
         rtol=1e-4,
         source="patrick-kidger/optimistix@1572f7a24086cf33d9c118df744bab7d4dcfe84c (Apache-2.0) "
                "optimistix/_solver/newton_chord.py, `Newton` (solve J diff = f, step, stop when |diff| is within "
                "atol + rtol |y|; its while_loop: the twin), written `while True` with a return on convergence "
                "and one at max_steps")
def newton_system(y0, a):
    y = y0
    step = 0
    while True:
        f = _newton_fn(y, a)
        jac = jax.jacfwd(_newton_fn)(y, a)
        diff = jnp.linalg.solve(jac, f)
        y = y - diff
        step += 1
        if jnp.all(jnp.abs(diff) < 1e-6 + 1e-5 * jnp.abs(y)):
            return y, step
        if step >= 20:
            return y, step


# --- a rejection sampler with a cap (for/else), a NaN guard with any(), Gillespie's algorithm ------------

def _truncated_twin(key, lo):
    def body(c):
        key, x, tries, _ = c
        key, sub = jax.random.split(key)
        x = jax.random.normal(sub)
        return key, x, tries + 1, x > lo
    _, x, _, ok = lax.while_loop(lambda c: ~c[3] & (c[2] < 20), body, (key, jnp.float32(0.0), 0, False))
    return jnp.where(ok, x, lo)


@program(twin=_truncated_twin, args=lambda: (jax.random.key(22), jnp.float32(0.8)), vmap=(None, 0),
         source="naive rejection sampling of a truncated normal (Robert, Statistics and Computing 5 (1995), "
                "section 1) with at most 20 tries, written `for ... else` for the fallback")
def truncated_normal(key, lo):
    for _ in range(20):
        key, sub = jax.random.split(key)
        x = jax.random.normal(sub)
        if x > lo:
            break
    else:
        x = lo
    return x


def _guard_loss(params, X, y):
    return jnp.mean((X @ params["w"] + params["b"] - y) ** 2) + jnp.sum(jnp.sqrt(params["w"]))


def _guard_twin(params, X, y):
    def step(c, _):
        params, done = c
        grads = jax.grad(_guard_loss)(params, X, y)
        bad = jnp.any(jnp.array([jnp.any(~jnp.isfinite(g)) for g in jax.tree.leaves(grads)]))
        done = done | bad
        new = jax.tree.map(lambda p, g: p - 0.05 * g, params, grads)
        return (jax.tree.map(lambda o, n: jnp.where(done, o, n), params, new), done), None
    return lax.scan(step, (params, False), None, length=40)[0][0]


def _guard_args():
    X = jnp.cos(jnp.arange(12.0)).reshape(6, 2)
    return {"w": jnp.array([0.3, 0.2]), "b": jnp.float32(0.0)}, X, X @ jnp.array([1.0, 0.5]) + 0.2


@program(twin=_guard_twin, args=_guard_args, grad=(0,), loss=lambda out: out["w"].sum() + out["b"],
         vmap=(None, None, 0),
         source="gradient descent on a dict of parameters that stops at the first non-finite gradient, "
                "written `if any(... for g in jax.tree.leaves(grads))` (the check of optax's apply_if_finite, "
                "google-deepmind/optax), a sqrt(w) penalty whose gradient is NaN once a weight turns negative")
def sgd_nan_guard(params, X, y):
    for _ in range(40):
        grads = jax.grad(_guard_loss)(params, X, y)
        if any(jnp.any(~jnp.isfinite(g)) for g in jax.tree.leaves(grads)):
            break
        params = jax.tree.map(lambda p, g: p - 0.05 * g, params, grads)
    return params


_STOICHIOMETRY = jnp.array([[1, 0], [-1, 1], [0, -1]])  # birth of A, A -> B, death of B


def _propensities(counts, rates):
    return rates * jnp.array([1.0, counts[0], counts[1]])


def _gillespie_twin(key, counts, rates):
    def body(c):
        key, t, counts, events, _ = c
        a = _propensities(counts, rates)
        total = jnp.sum(a)
        key, k_time, k_which = jax.random.split(key, 3)
        t = t + jax.random.exponential(k_time) / total
        which = jax.random.choice(k_which, 3, p=a / total)
        return key, t, counts + _STOICHIOMETRY[which], events + 1, total
    state = (key, jnp.float32(0.0), counts, 0, jnp.float32(1.0))
    _, t, counts, events, _ = lax.while_loop(lambda c: (c[1] < 5.0) & (c[3] < 200), body, state)
    return counts, events


@program(twin=_gillespie_twin, args=lambda: (jax.random.key(23), jnp.array([5, 0]), jnp.array([2.0, 0.7, 0.4])),
         vmap=(None, 0, None),
         source="Gillespie's direct method (J. Phys. Chem. 81 (1977), 2340): exponential waiting times, the "
                "reaction drawn by propensity, `while t < t_max and events < max_events` over integer counts")
def gillespie(key, counts, rates):
    t = 0.0
    events = 0
    while t < 5.0 and events < 200:
        a = _propensities(counts, rates)
        total = jnp.sum(a)
        key, k_time, k_which = jax.random.split(key, 3)
        t = t + jax.random.exponential(k_time) / total
        which = jax.random.choice(k_which, 3, p=a / total)
        counts = counts + _STOICHIOMETRY[which]
        events += 1
    return counts, events


# --- google-deepmind/optax: backtracking line search, inverse p-th root, reduce on plateau ----------------

OPTAX = "google-deepmind/optax@2edbcbe2390da13983b92cbef94ac0460ecde1c5 (Apache-2.0) {}"


def _barrier(x):
    return 0.5 * jnp.sum(jnp.array([1.0, 4.0, 10.0]) * x ** 2) - jnp.sum(jnp.log(x))  # NaN once a step leaves x > 0


def _backtracking_twin(x):
    def outer(i, carry):
        x, learning_rate = carry
        value, grad = jax.value_and_grad(_barrier)(x)
        updates = -grad
        slope = jnp.vdot(updates, grad)

        def cond_fn(s):
            learning_rate, decrease_error, iter_num = s
            return (~(decrease_error <= 0.0)) & (iter_num <= 15)

        def body_fn(s):
            learning_rate, _, iter_num = s
            learning_rate = jnp.where(iter_num > 0, 0.8 * learning_rate, learning_rate)
            new_value = _barrier(x + learning_rate * updates)
            decrease_error = new_value - value - learning_rate * 1e-4 * slope
            decrease_error = jnp.where(jnp.isnan(decrease_error), jnp.inf, decrease_error)
            return learning_rate, jnp.maximum(decrease_error, 0.0), iter_num + 1
        learning_rate = jnp.minimum(1.5 * learning_rate, 1.0)
        learning_rate, decrease_error, _ = lax.while_loop(cond_fn, body_fn, (learning_rate, jnp.float32(jnp.inf), 0))
        learning_rate = jnp.where(jnp.isinf(decrease_error), 0.0, learning_rate)
        return x + learning_rate * updates, learning_rate
    return lax.fori_loop(0, 10, outer, (x, jnp.float32(1.0)))


@program(twin=_backtracking_twin, args=lambda: (jnp.array([2.0, 1.0, 0.5]),), vmap=(0,), jvp=(0,), rtol=1e-4,
         source=OPTAX.format("optax/_src/linesearch.py")
         + ", `scale_by_backtracking_linesearch` (defaults: decrease 0.8, increase 1.5, max 15 steps; its "
           "while_loop: the twin) in 10 steps of gradient descent on a log barrier, the loop written "
           "`while not decrease_error <= atol and ...` with `if iter_num > 0` and the NaN -> inf guard as ifs")
def gd_backtracking_linesearch(x):
    learning_rate = 1.0
    for _ in range(10):
        value, grad = jax.value_and_grad(_barrier)(x)
        updates = -grad
        slope = jnp.vdot(updates, grad)
        learning_rate = jnp.minimum(1.5 * learning_rate, 1.0)
        decrease_error = jnp.inf
        iter_num = 0
        while not decrease_error <= 0.0 and iter_num <= 15:
            if iter_num > 0:
                learning_rate = 0.8 * learning_rate
            new_value = _barrier(x + learning_rate * updates)
            decrease_error = new_value - value - learning_rate * 1e-4 * slope
            if jnp.isnan(decrease_error):
                decrease_error = jnp.inf
            decrease_error = jnp.maximum(decrease_error, 0.0)
            iter_num += 1
        if jnp.isinf(decrease_error):
            learning_rate = 0.0
        x = x + learning_rate * updates
    return x, learning_rate


_HIGHEST = lax.Precision.HIGHEST


def _power_iteration_twin(matrix):
    def cond_fun(c):
        v, z, eig, it = c
        converged = jnp.abs(jnp.linalg.norm(z - eig * v) / eig) < 1e-6
        return ~converged & (it < 100)

    def body_fun(c):
        _, z, _, it = c
        v = z / jnp.linalg.norm(z)
        z = jnp.matmul(matrix, v, precision=_HIGHEST)
        return v, z, jnp.vdot(v, z), it + 1
    v0 = jax.random.uniform(jax.random.PRNGKey(0), matrix.shape[-1:], minval=-1.0, maxval=1.0)
    v0 = v0 / jnp.linalg.norm(v0)
    return lax.while_loop(cond_fun, body_fun, (v0, jnp.matmul(matrix, v0, precision=_HIGHEST),
                                               jnp.float32(0.0), 0))[2]


def _inverse_pth_root_twin(matrix, p):
    identity = jnp.eye(matrix.shape[0])
    alpha = -1.0 / p
    ridge_epsilon = 1e-6 * jnp.maximum(_power_iteration_twin(matrix), 1e-16)

    def mat_power(mat_m, p):
        pow2 = lambda m: jnp.matmul(m, m, precision=_HIGHEST)  # noqa: E731
        return lax.switch(jnp.asarray(jnp.round(jnp.log2(p)), jnp.int32),
                          [lambda m: m, pow2, lambda m: pow2(pow2(m)), lambda m: pow2(pow2(pow2(m)))], mat_m)

    def cond(s):
        i, _, _, _, error, run_step = s
        return (i < 100) & (error > 1e-6) & run_step

    def body(s):
        i, mat_m, mat_h, _, error, _ = s
        mat_m_i = (1 - alpha) * identity + alpha * mat_m
        new_mat_m = jnp.matmul(mat_power(mat_m_i, p), mat_m, precision=_HIGHEST)
        new_mat_h = jnp.matmul(mat_h, mat_m_i, precision=_HIGHEST)
        new_error = jnp.max(jnp.abs(new_mat_m - identity))
        return i + 1, new_mat_m, new_mat_h, mat_h, new_error, new_error < error * 1.2
    damped = matrix + ridge_epsilon * identity
    z = (1 + p) / (2 * jnp.linalg.norm(damped))
    mat_m0 = damped * z
    mat_h0 = identity * jnp.power(z, 1.0 / p)
    _, mat_m, mat_h, old_mat_h, _, converged = lax.while_loop(
        cond, body, (0, mat_m0, mat_h0, mat_h0, jnp.max(jnp.abs(mat_m0 - identity)), True))
    is_converged = jnp.asarray(converged, old_mat_h.dtype)
    return is_converged * mat_h + (1 - is_converged) * old_mat_h, jnp.max(jnp.abs(mat_m - identity))


def _spd_args():
    a = jnp.array([[2.0, 0.3, 0.1], [0.3, 1.5, -0.2], [0.1, -0.2, 0.8]])
    return a, jnp.int32(4)


@program(twin=_inverse_pth_root_twin, args=_spd_args, vmap=(0, None), jvp=(0,), rtol=1e-4,
         source=OPTAX.format("optax/_src/linear_algebra.py")
         + ", `matrix_inverse_pth_root` (coupled Newton iterations, stopped when the error grows by 1.2x, the "
           "previous iterate kept then; its lax.switch over p in 1, 2, 4, 8 written if/elif on the traced p) "
           "after `power_iteration` (`while not converged and it < num_iters`) for the ridge")
def inverse_pth_root(matrix, p):
    n = matrix.shape[0]
    identity = jnp.eye(n)
    alpha = -1.0 / p
    v = jax.random.uniform(jax.random.PRNGKey(0), (n,), minval=-1.0, maxval=1.0)
    v = v / jnp.linalg.norm(v)
    z = jnp.matmul(matrix, v, precision=_HIGHEST)
    eig = 0.0
    it = 0
    while not jnp.abs(jnp.linalg.norm(z - eig * v) / eig) < 1e-6 and it < 100:
        v = z / jnp.linalg.norm(z)
        z = jnp.matmul(matrix, v, precision=_HIGHEST)
        eig = jnp.vdot(v, z)
        it += 1
    ridge_epsilon = 1e-6 * jnp.maximum(eig, 1e-16)
    damped = matrix + ridge_epsilon * identity
    z = (1 + p) / (2 * jnp.linalg.norm(damped))
    mat_m = damped * z
    error = jnp.max(jnp.abs(mat_m - identity))
    mat_h = identity * jnp.power(z, 1.0 / p)
    old_mat_h = mat_h
    run_step = True
    i = 0
    while i < 100 and error > 1e-6 and run_step:
        mat_m_i = (1 - alpha) * identity + alpha * mat_m
        if p == 1:
            power = mat_m_i
        elif p == 2:
            power = jnp.matmul(mat_m_i, mat_m_i, precision=_HIGHEST)
        elif p == 4:
            power = jnp.matmul(mat_m_i, mat_m_i, precision=_HIGHEST)
            power = jnp.matmul(power, power, precision=_HIGHEST)
        else:
            power = jnp.matmul(mat_m_i, mat_m_i, precision=_HIGHEST)
            power = jnp.matmul(power, power, precision=_HIGHEST)
            power = jnp.matmul(power, power, precision=_HIGHEST)
        new_mat_m = jnp.matmul(power, mat_m, precision=_HIGHEST)
        old_mat_h = mat_h
        mat_h = jnp.matmul(mat_h, mat_m_i, precision=_HIGHEST)
        new_error = jnp.max(jnp.abs(new_mat_m - identity))
        run_step = new_error < error * 1.2
        mat_m, error = new_mat_m, new_error
        i += 1
    if run_step:
        result = mat_h
    else:
        result = old_mat_h
    return result, jnp.max(jnp.abs(mat_m - identity))


_PLATEAU = dict(factor=0.5, patience=1, rtol=1e-4, atol=0.0, cooldown=1, accumulation_size=2, min_scale=0.1)


def _plateau_twin(values):
    f, patience, rtol, cooldown, size = (_PLATEAU["factor"], _PLATEAU["patience"], _PLATEAU["rtol"],
                                         _PLATEAU["cooldown"], _PLATEAU["accumulation_size"])

    def update_scale(s):
        best_value, plateau_count, scale, cooldown_count, count, avg_value = s
        has_improved = jnp.where(avg_value < (1 - rtol) * best_value - _PLATEAU["atol"], 1, 0)
        new_best = jnp.where(has_improved, avg_value, best_value)
        curr = jnp.where(has_improved, 0, plateau_count + 1)

        def in_cooldown():
            return jnp.int32(0), scale, cooldown_count - 1

        def not_in_cooldown():
            return (jnp.where(curr == patience, 0, curr),
                    jnp.maximum(jnp.where(curr == patience, scale * f, scale), _PLATEAU["min_scale"]),
                    jnp.where(curr == patience, cooldown, 0).astype(jnp.int32))
        plateau_count, scale, cooldown_count = lax.cond(cooldown_count > 0, in_cooldown, not_in_cooldown)
        return new_best, plateau_count, scale, cooldown_count, jnp.int32(0), jnp.float32(0.0)

    def step(s, value):
        best_value, plateau_count, scale, cooldown_count, count, avg_value = s
        new_count = count + 1
        avg_value = (count * avg_value + value) / new_count
        s = (best_value, plateau_count, scale, cooldown_count, new_count, avg_value)
        s = lax.cond(new_count == size, update_scale, lambda s: s, s)
        return s, s[2]
    init = (jnp.float32(jnp.inf), jnp.int32(0), jnp.float32(1.0), jnp.int32(0), jnp.int32(0), jnp.float32(0.0))
    s, scales = lax.scan(step, init, values)
    return scales, s[0]


@program(twin=_plateau_twin, args=lambda: (jnp.concatenate([jnp.linspace(2.0, 1.0, 8), jnp.full(12, 1.0),
                                                            jnp.linspace(1.0, 0.5, 6)])
                                           + 0.01 * jnp.cos(jnp.arange(26.0)),),
         grad=(0,), loss=lambda out: jnp.sum(out[0]) + out[1], vmap=(0,),
         source=OPTAX.format("optax/contrib/_reduce_on_plateau.py")
         + ", `reduce_on_plateau` (average `accumulation_size` values, then: improved? in cooldown? patience "
           "reached? -- its lax.cond and jnp.where: the twin) over a sequence of losses, as Python ifs, "
           "the scales kept in a list")
def reduce_on_plateau(values):
    factor, patience, rtol, atol = _PLATEAU["factor"], _PLATEAU["patience"], _PLATEAU["rtol"], _PLATEAU["atol"]
    best_value = float("inf")
    plateau_count = 0
    scale = 1.0
    cooldown_count = 0
    count = 0
    avg_value = 0.0
    scales = []
    for value in values:
        new_count = count + 1
        avg_value = (count * avg_value + value) / new_count
        count = new_count
        if count == _PLATEAU["accumulation_size"]:
            if avg_value < (1 - rtol) * best_value - atol:
                best_value = avg_value
                plateau_count = 0
            else:
                plateau_count += 1
            if cooldown_count > 0:  # in cooldown: ignore bad epochs
                plateau_count = 0
                cooldown_count -= 1
            elif plateau_count == patience:
                plateau_count = 0
                scale = max(scale * factor, _PLATEAU["min_scale"])
                cooldown_count = _PLATEAU["cooldown"]
            count = 0
            avg_value = 0.0
        scales.append(scale)
    return jnp.stack(scales), best_value


# --- jax-md/jax-md: FIRE minimisation, a Nose-Hoover chain half step -----------------------------------------

JAXMD = "jax-md/jax-md@a41c7d19f6468f4e5263c32c12c9ed6cba26ebff (Apache-2.0) {}"


def _lj_energy(R, sigma):
    """``energy.lennard_jones`` summed over the pairs of a free-space cluster (``smap.pair``: half the double sum)."""
    dR = R[:, None, :] - R[None, :, :]
    dr = jnp.sqrt(jnp.sum(dR ** 2, axis=-1) + jnp.eye(R.shape[0]))
    idr6 = (sigma / dr) ** 6
    return 0.5 * jnp.sum((1.0 - jnp.eye(R.shape[0])) * 4.0 * (idr6 * idr6 - idr6))


def _lj_force(R, sigma):
    return -jax.grad(_lj_energy)(R, sigma)


_FIRE = dict(dt_start=0.1, dt_max=0.4, n_min=5, f_inc=1.1, f_dec=0.5, alpha_start=0.1, f_alpha=0.99)


def _fire_twin(R, sigma):
    c = _FIRE

    def apply_fn(i, state):
        R, P, F, dt, alpha, n_pos = state
        P = P + 0.5 * dt * F  # simulate.nve's velocity Verlet step, unit mass, free space
        R = R + dt * P
        F = _lj_force(R, sigma)
        P = P + 0.5 * dt * F
        F_norm = jnp.sqrt(jnp.sum(F ** 2) + 1e-6)
        P_norm = jnp.sqrt(jnp.sum(P ** 2))
        F_dot_P = jnp.sum(F * P)
        P = P + alpha * (F * P_norm / F_norm - P)
        n_pos = jnp.where(F_dot_P >= 0, n_pos + 1, 0)
        dt_choice = jnp.array([dt * c["f_inc"], c["dt_max"]])
        dt = jnp.where(F_dot_P > 0, jnp.where(n_pos > c["n_min"], jnp.min(dt_choice), dt), dt)
        dt = jnp.where(F_dot_P < 0, dt * c["f_dec"], dt)
        alpha = jnp.where(F_dot_P > 0, jnp.where(n_pos > c["n_min"], alpha * c["f_alpha"], alpha), alpha)
        alpha = jnp.where(F_dot_P < 0, c["alpha_start"], alpha)
        P = (F_dot_P >= 0) * P
        return R, P, F, dt, alpha, n_pos
    state = (R, jnp.zeros_like(R), _lj_force(R, sigma), jnp.float32(c["dt_start"]), jnp.float32(c["alpha_start"]),
             jnp.int32(0))
    R = lax.fori_loop(0, 60, apply_fn, state)[0]
    return R, _lj_energy(R, sigma)


def _cluster():
    return jnp.array([[0.0, 0.0], [1.2, 0.1], [0.1, 1.05], [1.15, 1.2]])


@program(twin=_fire_twin, args=lambda: (_cluster(), jnp.float32(0.9)), grad=(0, 1), loss=lambda out: out[1],
         vmap=(None, 0), rtol=1e-4,
         source=JAXMD.format("jax_md/minimize.py")
         + ", `fire_descent` (Bitzek et al. 2006; its nested jnp.where on F.P and n_pos: the twin) after "
           "`simulate.nve`'s velocity Verlet step, 60 steps on a Lennard-Jones cluster "
           "(`energy.lennard_jones`), the updates written if/elif with Python's min")
def fire_minimize(R, sigma):
    dt_start, dt_max, n_min = _FIRE["dt_start"], _FIRE["dt_max"], _FIRE["n_min"]
    f_inc, f_dec, alpha_start, f_alpha = _FIRE["f_inc"], _FIRE["f_dec"], _FIRE["alpha_start"], _FIRE["f_alpha"]
    P = jnp.zeros_like(R)
    F = _lj_force(R, sigma)
    dt = dt_start
    alpha = alpha_start
    n_pos = 0
    for _ in range(60):
        P = P + 0.5 * dt * F
        R = R + dt * P
        F = _lj_force(R, sigma)
        P = P + 0.5 * dt * F
        F_norm = jnp.sqrt(jnp.sum(F ** 2) + 1e-6)
        P_norm = jnp.sqrt(jnp.sum(P ** 2))
        F_dot_P = jnp.sum(F * P)
        P = P + alpha * (F * P_norm / F_norm - P)
        if F_dot_P >= 0:
            n_pos += 1
        else:
            n_pos = 0
        if F_dot_P > 0 and n_pos > n_min:
            dt = min(dt * f_inc, dt_max)
            alpha = alpha * f_alpha
        elif F_dot_P < 0:
            dt = dt * f_dec
            alpha = alpha_start
            P = jnp.zeros_like(P)
    return R, _lj_energy(R, sigma)


_SY3 = (0.828981543588751, -0.657963087177502, 0.828981543588751)  # simulate.SUZUKI_YOSHIDA_WEIGHTS[3]


def _nhc_substep_twin(delta, P, xi, p_xi, Q, KE, DOF, kT):
    delta_2 = delta / 2.0
    delta_4 = delta_2 / 2.0
    delta_8 = delta_4 / 2.0
    M = p_xi.shape[0] - 1
    G = p_xi[M - 1] ** 2 / Q[M - 1] - kT
    p_xi = p_xi.at[M].add(delta_4 * G)

    def backward_loop_fn(p_xi_new, m):
        G = p_xi[m - 1] ** 2 / Q[m - 1] - kT
        scale = jnp.exp(-delta_8 * p_xi_new / Q[m + 1])
        p_xi_new = scale * (scale * p_xi[m] + delta_4 * G)
        return p_xi_new, p_xi_new
    idx = jnp.arange(M - 1, 0, -1)
    _, p_xi_update = lax.scan(backward_loop_fn, p_xi[M], idx, unroll=2)
    p_xi = p_xi.at[idx].set(p_xi_update)
    G = 2.0 * KE - DOF * kT
    scale = jnp.exp(-delta_8 * p_xi[1] / Q[1])
    p_xi = p_xi.at[0].set(scale * (scale * p_xi[0] + delta_4 * G))
    scale = jnp.exp(-delta_2 * p_xi[0] / Q[0])
    KE = KE * scale ** 2
    P = P * scale
    xi = xi + delta_2 * p_xi / Q
    G = 2.0 * KE - DOF * kT

    def forward_loop_fn(G, m):
        scale = jnp.exp(-delta_8 * p_xi[m + 1] / Q[m + 1])
        p_xi_update = scale * (scale * p_xi[m] + delta_4 * G)
        G = p_xi_update ** 2 / Q[m] - kT
        return G, p_xi_update
    idx = jnp.arange(M)
    G, p_xi_update = lax.scan(forward_loop_fn, G, idx, unroll=2)
    p_xi = p_xi.at[idx].set(p_xi_update)
    p_xi = p_xi.at[M].add(delta_4 * G)
    return P, xi, p_xi, KE


def _nhc_twin(P, p_xi, kT):
    dt, tau, chain_steps, sy_steps = 0.05, 0.5, 2, 3
    KE = 0.5 * jnp.sum(P ** 2)
    DOF = P.size
    xi = jnp.zeros_like(p_xi)
    Q = kT * tau ** 2 * jnp.ones_like(p_xi)
    Q = Q.at[0].multiply(DOF)
    ws = jnp.array(_SY3)

    def body_fn(cs, i):
        P, xi, p_xi, KE = cs
        d = dt / chain_steps * ws[i % sy_steps]
        return _nhc_substep_twin(d, P, xi, p_xi, Q, KE, DOF, kT), 0
    P, xi, p_xi, KE = lax.scan(body_fn, (P, xi, p_xi, KE), jnp.arange(chain_steps * sy_steps))[0]
    return P, xi, p_xi


@program(twin=_nhc_twin, args=lambda: (jnp.array([[0.5, -1.0], [1.2, 0.3], [-0.4, 0.8]]),
                                       jnp.array([0.2, -0.1, 0.3, 0.05]), jnp.float32(0.7)),
         grad=(0, 1, 2), loss=lambda out: jnp.sum(out[0]) + jnp.sum(out[1]) + jnp.sum(out[2]), vmap=(0, None, None),
         rtol=1e-4,
         source=JAXMD.format("jax_md/simulate.py")
         + ", `nose_hoover_chain`'s `half_step_chain_fn` (chain_steps x Suzuki-Yoshida substeps; each substep's "
           "backward and forward sweeps along the chain are lax.scans there, the twin) written as Python loops "
           "over `range(M - 1, 0, -1)` and `range(M)` updating p_xi in place")
def nose_hoover_chain_half_step(P, p_xi, kT):
    dt, tau, chain_steps, sy_steps = 0.05, 0.5, 2, 3
    chain_length = p_xi.shape[0]
    KE = 0.5 * jnp.sum(P ** 2)
    DOF = P.size
    xi = jnp.zeros(chain_length)
    Q = kT * tau ** 2 * jnp.ones(chain_length)
    Q = Q.at[0].multiply(DOF)
    ws = jnp.array(_SY3)
    M = chain_length - 1
    for i in range(chain_steps * sy_steps):
        delta = dt / chain_steps * ws[i % sy_steps]
        delta_2 = delta / 2.0
        delta_4 = delta_2 / 2.0
        delta_8 = delta_4 / 2.0
        G = p_xi[M - 1] ** 2 / Q[M - 1] - kT
        p_xi = p_xi.at[M].add(delta_4 * G)
        for m in range(M - 1, 0, -1):
            G = p_xi[m - 1] ** 2 / Q[m - 1] - kT
            scale = jnp.exp(-delta_8 * p_xi[m + 1] / Q[m + 1])
            p_xi = p_xi.at[m].set(scale * (scale * p_xi[m] + delta_4 * G))
        G = 2.0 * KE - DOF * kT
        scale = jnp.exp(-delta_8 * p_xi[1] / Q[1])
        p_xi = p_xi.at[0].set(scale * (scale * p_xi[0] + delta_4 * G))
        scale = jnp.exp(-delta_2 * p_xi[0] / Q[0])
        KE = KE * scale ** 2
        P = P * scale
        xi = xi + delta_2 * p_xi / Q
        G = 2.0 * KE - DOF * kT
        for m in range(M):
            scale = jnp.exp(-delta_8 * p_xi[m + 1] / Q[m + 1])
            p_xi = p_xi.at[m].set(scale * (scale * p_xi[m] + delta_4 * G))
            G = p_xi[m] ** 2 / Q[m] - kT
        p_xi = p_xi.at[M].add(delta_4 * G)
    return P, xi, p_xi


# --- google-deepmind/distrax: the von Mises CDF, multinomial sampling and entropy -----------------------------

DISTRAX = "google-deepmind/distrax@f51bffcf9094d269a0be8678762dd2849833c8b7 (Apache-2.0) distrax/_src/distributions/{}"


def _von_mises_cdf_series_twin(x, concentration):
    def step(carry, n):
        rn, vn = carry
        rn = 1.0 / (2.0 * n / concentration + rn)
        vn = rn * (jnp.sin(n * x) / n + vn)
        return (rn, vn), None
    (_, vn), _ = lax.scan(step, (jnp.zeros_like(x), jnp.zeros_like(x)), jnp.arange(20, 0, -1).astype(x.dtype))
    return jnp.clip(0.5 + x / (2.0 * jnp.pi) + vn / jnp.pi, 0.0, 1.0)


def _von_mises_cdf_normal(x, concentration):
    z = jnp.sqrt(2.0 / jnp.pi) / jax.scipy.special.i0e(concentration) * jnp.sin(0.5 * x)
    z2 = jnp.square(z)
    z3 = z2 * z
    z4 = jnp.square(z2)
    c = 24.0 * concentration
    xi = z - z3 / jnp.square((c - 2.0 * z2 - 16.0) / 3.0
                             - (z4 + (7.0 / 4.0) * z2 + 167.0 / 2.0) / (c - 56.0 - z2 + 3.0))
    return jax.scipy.stats.norm.cdf(xi)


def _von_mises_cdf_twin(x, concentration):
    num_periods = jnp.round(x / (2 * jnp.pi))
    x = x - (2 * jnp.pi) * num_periods
    cdf = jnp.where(concentration < 10.5, _von_mises_cdf_series_twin(x, concentration),
                    _von_mises_cdf_normal(x, concentration))
    return cdf + num_periods


@program(twin=_von_mises_cdf_twin, args=lambda: (jnp.float32(0.7), jnp.float32(8.0)), grad=(0, 1), vmap=(None, 0),
         source=DISTRAX.format("von_mises.py")
         + ", `_von_mises_cdf_jvp` (Hill's Algorithm 518: a 20-term backward series below concentration 10.5, a "
           "corrected Normal approximation above; its jnp.where over both: the twin, the series its "
           "`for n in range(num_terms, 0, -1)`) with the choice written as an if")
def von_mises_cdf(x, concentration):
    num_periods = jnp.round(x / (2 * jnp.pi))
    x = x - (2 * jnp.pi) * num_periods
    if concentration < 10.5:
        rn = jnp.zeros_like(x)
        vn = jnp.zeros_like(x)
        for n in range(20, 0, -1):
            denominator = 2.0 * n / concentration + rn
            rn = 1.0 / denominator
            multiplier = jnp.sin(n * x) / n + vn
            vn = rn * multiplier
        cdf = jnp.clip(0.5 + x / (2.0 * jnp.pi) + vn / jnp.pi, 0.0, 1.0)
    else:
        cdf = _von_mises_cdf_normal(x, concentration)
    return cdf + num_periods


def _multinomial_twin(key, total_count, logits):
    def body_func(args):
        i, key_i, sample_aggregator = args
        key_i, current_key = jax.random.split(key_i)
        sample_i = jax.random.categorical(current_key, logits=logits, shape=(4,))
        return i + 1, key_i, sample_aggregator + jax.nn.one_hot(sample_i, logits.shape[0])
    return lax.while_loop(lambda a: a[0] < total_count, body_func, (0, key, jnp.zeros((4, logits.shape[0]))))[2]


@program(twin=_multinomial_twin, args=lambda: (jax.random.key(32), jnp.int32(7), jnp.array([0.5, -1.0, 0.2])),
         vmap=(None, 0, None),
         source=DISTRAX.format("multinomial.py")
         + ", `Multinomial._sample_n_scalar` (n draws of a categorical total_count times, one-hot counts "
           "summed; its while_loop: the twin), `while i < total_count` over a traced count")
def multinomial_sample(key, total_count, logits):
    n = 4
    counts = jnp.zeros((n, logits.shape[0]))
    i = 0
    while i < total_count:
        key, current_key = jax.random.split(key)
        sample_i = jax.random.categorical(current_key, logits=logits, shape=(n,))
        counts = counts + jax.nn.one_hot(sample_i, logits.shape[0])
        i += 1
    return counts


def _multinomial_entropy_twin(total_count, probs):
    log_n_factorial = lax.lgamma(jnp.asarray(total_count + 1, dtype=probs.dtype))

    def body_func(args):
        xi, accumulated_sum = args
        xi_float = jnp.asarray(xi, dtype=probs.dtype)
        log_xi_factorial = lax.lgamma(xi_float + 1.0)
        log_comb_n_xi = log_n_factorial - log_xi_factorial - lax.lgamma(total_count - xi_float + 1.0)
        likelihood = probs ** xi * (1.0 - probs) ** (total_count - xi)
        return xi + 1, accumulated_sum + jnp.round(jnp.exp(log_comb_n_xi)) * log_xi_factorial * likelihood
    comb_term = jnp.sum(lax.while_loop(lambda a: a[0] <= total_count, body_func, (0, jnp.zeros_like(probs)))[1])
    return -log_n_factorial - jnp.sum(total_count * jnp.log(probs) * probs) + comb_term


@program(twin=_multinomial_entropy_twin, args=lambda: (jnp.int32(6), jnp.array([0.2, 0.5, 0.3])), vmap=(0, None),
         jvp=(1,), rtol=1e-4,
         source=DISTRAX.format("multinomial.py")
         + ", `Multinomial._entropy_scalar_with_lax` (sum over xi = 0..total_count of binomial terms; its "
           "while_loop: the twin), written `for xi in range(total_count + 1)` over a traced count")
def multinomial_entropy(total_count, probs):
    log_n_factorial = lax.lgamma(jnp.asarray(total_count + 1, dtype=probs.dtype))
    comb_term = jnp.zeros_like(probs)
    for xi in range(total_count + 1):
        log_xi_factorial = lax.lgamma(xi + 1.0)
        log_comb_n_xi = log_n_factorial - log_xi_factorial - lax.lgamma(total_count - xi + 1.0)
        comb_n_xi = jnp.round(jnp.exp(log_comb_n_xi))
        likelihood = probs ** xi * (1.0 - probs) ** (total_count - xi)
        comb_term = comb_term + comb_n_xi * log_xi_factorial * likelihood
    n_probs_factor = jnp.sum(total_count * jnp.log(probs) * probs)
    return -log_n_factorial - n_probs_factor + jnp.sum(comb_term)


# --- google-deepmind/optax: the Hungarian algorithm ----------------------------------------------------------

def _hungarian_twin(cost_matrix):
    original = cost_matrix
    cost_matrix = cost_matrix.T  # 4 x 3: transposed, as the library does when rows > cols
    rows, cols = cost_matrix.shape

    def row_fn(state, row):
        def dfs_body_fn(state):
            u, v, used, minv, path, col = state
            used = used.at[col].set(True)
            unused_slice = ~used[1:]
            row = parent[col]
            cur = cost_matrix[row - 1, :] - u[row] - v[1:]
            cur = jnp.where(unused_slice, cur, jnp.inf)
            path = jnp.where(cur < minv, col, path)
            minv = jnp.where(cur < minv, cur, minv)
            col = jnp.argmin(jnp.where(unused_slice, minv, jnp.inf)) + 1
            delta = minv.min(where=unused_slice, initial=jnp.inf)
            indices = jnp.where(used, parent, rows + 1)  # out-of-bounds
            u = u.at[indices].add(delta)
            v = jnp.where(used, v - delta, v)
            minv = jnp.where(unused_slice, minv - delta, minv)
            return u, v, used, minv, path, col

        def back_body_fn(state):
            parent, old_col = state
            new_col = path[old_col - 1]
            return parent.at[old_col].set(parent[new_col]), new_col
        u, v, parent = state
        parent = parent.at[0].set(row + 1)
        state = u, v, jnp.zeros(cols + 1, bool), jnp.full(cols, jnp.inf), jnp.zeros(cols, int), 0
        u, v, _, _, path, col = lax.while_loop(lambda s: parent[s[5]] != 0, dfs_body_fn, state)
        parent, _ = lax.while_loop(lambda s: s[1] != 0, back_body_fn, (parent, col))
        return (u, v, parent), None
    state = (jnp.zeros(rows + 2), jnp.zeros(cols + 1), jnp.zeros(cols + 1, int))
    (u, v, parent), _ = lax.scan(row_fn, state, jnp.arange(rows))
    parent, indices = lax.top_k(parent[1:], rows)
    parent -= 1
    return indices, parent, original[indices, parent].sum()


@program(twin=_hungarian_twin,
         args=lambda: (jnp.array([[8.0, 4.0, 7.0], [5.0, 2.0, 3.0], [9.0, 6.0, 7.0], [9.0, 4.0, 8.0]]),),
         vmap=(0,), jvp=(0,),
         source=OPTAX.format("optax/assignment/_hungarian_algorithm.py")
         + ", `hungarian_algorithm` (Scenic's version: per row a Dijkstra-like search `while parent[col] != 0`, "
           "then the augmenting path walked back `while col != 0`; its scan and while_loops: the twin) on its "
           "docstring's 4 x 3 example (cost 15), the search body reassigning the loop variable `row` as its "
           "dfs_body_fn names it")
def hungarian_algorithm(cost_matrix):
    original = cost_matrix
    transpose = cost_matrix.shape[0] > cost_matrix.shape[1]
    if transpose:
        cost_matrix = cost_matrix.T
    rows, cols = cost_matrix.shape
    u = jnp.zeros(rows + 2)  # row potential
    v = jnp.zeros(cols + 1)  # column potential
    parent = jnp.zeros(cols + 1, int)  # maps columns to rows
    for row in range(rows):
        parent = parent.at[0].set(row + 1)
        path = jnp.zeros(cols, int)
        used = jnp.zeros(cols + 1, bool)
        minv = jnp.full(cols, jnp.inf)
        col = 0
        while parent[col] != 0:
            used = used.at[col].set(True)
            unused_slice = ~used[1:]
            row = parent[col]
            cur = cost_matrix[row - 1, :] - u[row] - v[1:]
            cur = jnp.where(unused_slice, cur, jnp.inf)
            path = jnp.where(cur < minv, col, path)
            minv = jnp.where(cur < minv, cur, minv)
            col = jnp.argmin(jnp.where(unused_slice, minv, jnp.inf)) + 1
            delta = minv.min(where=unused_slice, initial=jnp.inf)
            indices = jnp.where(used, parent, rows + 1)  # out-of-bounds
            u = u.at[indices].add(delta)
            v = jnp.where(used, v - delta, v)
            minv = jnp.where(unused_slice, minv - delta, minv)
        while col != 0:
            new_col = path[col - 1]
            parent = parent.at[col].set(parent[new_col])
            col = new_col
    if rows == cols:
        parent, indices = parent[1:], jnp.arange(rows)
    else:
        parent, indices = lax.top_k(parent[1:], rows)
    parent -= 1  # switch back to 0-based indexing
    if transpose:
        i, j = indices, parent
    else:
        i, j = parent, indices
    return i, j, original[i, j].sum()


# --- google-deepmind/optax: the zoom line search (Nocedal & Wright, Algorithms 3.5 and 3.6) ---------------------

def _rosen2(x):
    return 100.0 * (x[1] - x[0] ** 2) ** 2 + (1.0 - x[0]) ** 2


def _zoom_errors(stepsize, value_step, slope_step, value_init, slope_init):
    """linesearch.py's `_compute_decrease_error` (approx_dec_rtol=1e-6) and `_compute_curvature_error`."""
    decrease_error = value_step - value_init - 1e-4 * stepsize * slope_init
    approx_decrease_error = jnp.maximum(slope_step - (2 * 1e-4 - 1.0) * slope_init,
                                        value_step - value_init - 1e-6 * jnp.abs(value_init))
    decrease_error = jnp.maximum(jnp.minimum(approx_decrease_error, decrease_error), 0.0)
    decrease_error = jnp.where(jnp.isnan(decrease_error), jnp.inf, decrease_error)
    curvature_error = jnp.maximum(jnp.abs(slope_step) - 0.9 * jnp.abs(slope_init), 0.0)
    return decrease_error, jnp.where(jnp.isnan(curvature_error), jnp.inf, curvature_error)


def _cubicmin(a, fa, fpa, b, fb, c, fc):
    C = fpa
    db = b - a
    dc = c - a
    denom = (db * dc) ** 2 * (db - dc)
    d1 = jnp.array([[dc ** 2, -(db ** 2)], [-(dc ** 3), db ** 3]])
    A, B = jnp.dot(d1, jnp.array([fb - fa - C * db, fc - fa - C * dc]), precision=_HIGHEST) / denom
    radical = B * B - 3.0 * A * C
    return a + (-B + jnp.sqrt(radical)) / (3.0 * A)


def _quadmin(a, fa, fpa, b, fb):
    db = b - a
    B = (fb - fa - fpa * db) / (db ** 2)
    return a - fpa / (2.0 * B)


def _slope_on_line(x, stepsize, updates):
    value, grad = jax.value_and_grad(_rosen2)(x + stepsize * updates)
    return value, jnp.vdot(grad, updates)


def _zoom_twin(x):
    def search_interval(s):
        new_stepsize = jnp.where(s["count"] == 0, 1.0, 2.0 * s["stepsize"])
        value, slope = _slope_on_line(s["x"], new_stepsize, s["updates"])
        dec, curv = _zoom_errors(new_stepsize, value, slope, s["value_init"], s["slope_init"])
        error = jnp.maximum(dec, curv)
        safe = dec <= 0.0
        set_high_to_new = (dec > 0.0) | ((value >= s["value"]) & (s["count"] > 0))
        set_low_to_new = (slope >= 0.0) & ~set_high_to_new
        pick = lambda a, b: jnp.where(set_low_to_new, a, b)  # noqa: E731
        low, value_low, slope_low = (pick(new_stepsize, s["stepsize"]), pick(value, s["value"]),
                                     pick(slope, s["slope"]))
        high, value_high, slope_high = (pick(s["stepsize"], new_stepsize), pick(s["value"], value),
                                        pick(s["slope"], slope))
        done = error <= 0.0
        return dict(s, count=s["count"] + 1, stepsize=new_stepsize, value=value, slope=slope, decrease_error=dec,
                    interval_found=set_high_to_new | set_low_to_new | (error <= 0.0), done=done,
                    failed=(s["count"] + 1 >= 20) & ~done, low=low, value_low=value_low, slope_low=slope_low,
                    high=high, value_high=value_high, slope_high=slope_high, cubic_ref=low, value_cubic_ref=value_low,
                    safe_stepsize=jnp.where(safe, new_stepsize, s["safe_stepsize"]),
                    safe_value=jnp.where(safe, value, s["safe_value"]))

    def zoom_into_interval(s):
        low, value_low, slope_low = s["low"], s["value_low"], s["slope_low"]
        high, value_high, slope_high = s["high"], s["value_high"], s["slope_high"]
        delta = jnp.abs(high - low)
        left, right = jnp.minimum(high, low), jnp.maximum(high, low)
        middle_cubic = _cubicmin(low, value_low, slope_low, high, value_high, s["cubic_ref"], s["value_cubic_ref"])
        use_cubic = (middle_cubic > left + 0.2 * delta) & (middle_cubic < right - 0.2 * delta)
        middle_quad = _quadmin(low, value_low, slope_low, high, value_high)
        use_quad = ~use_cubic & (middle_quad > left + 0.1 * delta) & (middle_quad < right - 0.1 * delta)
        use_bisection = ~use_cubic & ~use_quad
        middle = jnp.where(use_cubic, middle_cubic, s["cubic_ref"])
        middle = jnp.where(use_quad, middle_quad, middle)
        middle = jnp.where(use_bisection, (low + high) / 2.0, middle)
        value, slope = _slope_on_line(s["x"], middle, s["updates"])
        dec, curv = _zoom_errors(middle, value, slope, s["value_init"], s["slope_init"])
        error = jnp.maximum(dec, curv)
        update_safe = (dec <= 0.0) & (value < s["safe_value"])
        safe_stepsize = jnp.where(update_safe, middle, s["safe_stepsize"])
        done = error <= 0.0
        set_high_to_middle = (dec > 0.0) | (value >= value_low)
        set_high_to_low = (slope * (high - low) >= 0.0) & ~set_high_to_middle
        set_low_to_middle = ~set_high_to_middle
        new_high = [jnp.where(set_high_to_middle, a, b) for a, b in
                    zip((middle, value, slope), (high, value_high, slope_high))]
        new_high = [jnp.where(set_high_to_low, a, b) for a, b in zip((low, value_low, slope_low), new_high)]
        new_low = [jnp.where(set_low_to_middle, a, b) for a, b in
                   zip((middle, value, slope), (low, value_low, slope_low))]
        ref_high = set_high_to_middle | set_high_to_low
        failed = ((s["count"] + 1 >= 20) | ((delta <= 1e-5) & (safe_stepsize > 0.0))) & ~done
        return dict(s, count=s["count"] + 1, stepsize=middle, value=value, slope=slope, decrease_error=dec,
                    done=done, failed=failed, low=new_low[0], value_low=new_low[1], slope_low=new_low[2],
                    high=new_high[0], value_high=new_high[1], slope_high=new_high[2],
                    cubic_ref=jnp.where(ref_high, high, low),
                    value_cubic_ref=jnp.where(ref_high, value_high, value_low),
                    safe_stepsize=safe_stepsize, safe_value=jnp.where(update_safe, value, s["safe_value"]))

    def try_safe_step(s):
        use_safe = (s["safe_stepsize"] > 0.0) | jnp.isinf(s["decrease_error"])
        return dict(s, stepsize=jnp.where(use_safe, s["safe_stepsize"], s["stepsize"]),
                    value=jnp.where(use_safe, s["safe_value"], s["value"]))

    def step_fn(s):
        s = lax.cond(s["interval_found"], zoom_into_interval, search_interval, s)
        return lax.cond(s["failed"], try_safe_step, lambda s: s, s)

    def gd_step(i, x):
        value_init, grad = jax.value_and_grad(_rosen2)(x)
        updates = -grad
        slope_init = jnp.vdot(updates, grad)
        zero = jnp.float32(0.0)
        s = dict(x=x, updates=updates, count=0, stepsize=zero, value=value_init, slope=slope_init,
                 value_init=value_init, slope_init=slope_init, decrease_error=jnp.float32(jnp.inf),
                 interval_found=False, done=False, failed=False, low=zero, value_low=value_init,
                 slope_low=slope_init, high=zero, value_high=value_init, slope_high=slope_init, cubic_ref=zero,
                 value_cubic_ref=value_init, safe_stepsize=zero, safe_value=value_init)
        s = lax.while_loop(lambda s: ~(s["done"] | s["failed"]), step_fn, s)
        return x + s["stepsize"] * updates
    return lax.fori_loop(0, 4, gd_step, x)


@program(twin=_zoom_twin, args=lambda: (jnp.array([-0.6, 0.5]),), vmap=(0,), jvp=(0,), rtol=1e-4,
         source=OPTAX.format("optax/_src/linesearch.py")
         + ", `zoom_linesearch` (max_linesearch_steps=20, its other defaults): `_search_interval` "
           "(Nocedal & Wright Algorithm 3.5), `_zoom_into_interval` (3.6: cubic, else quadratic, else bisection), "
           "`_try_safe_step`, its while_loop of lax.conds over jnp.where: the twin), in 4 steps of gradient "
           "descent on Rosenbrock's function, the state machine written `while not (done or failed)` with "
           "if/elif/else, a conditional expression and chained comparisons")
def zoom_linesearch_gd(x):
    tol = 0.0
    for _ in range(4):
        value_init, grad = jax.value_and_grad(_rosen2)(x)
        updates = -grad
        slope_init = jnp.vdot(updates, grad)
        count = 0
        stepsize, value, slope = 0.0, value_init, slope_init
        low, value_low, slope_low = 0.0, value_init, slope_init
        high, value_high, slope_high = 0.0, value_init, slope_init
        cubic_ref, value_cubic_ref = 0.0, value_init
        safe_stepsize, safe_value = 0.0, value_init
        decrease_error = jnp.inf
        interval_found = done = failed = False
        while not (done or failed):
            if not interval_found:  # Algorithm 3.5: search an interval
                new_stepsize = 1.0 if count == 0 else 2.0 * stepsize
                new_value, new_slope = _slope_on_line(x, new_stepsize, updates)
                decrease_error, curvature_error = _zoom_errors(new_stepsize, new_value, new_slope, value_init,
                                                               slope_init)
                error = max(decrease_error, curvature_error)
                if decrease_error <= tol:
                    safe_stepsize, safe_value = new_stepsize, new_value
                set_high_to_new = decrease_error > 0.0 or (new_value >= value and count > 0)
                set_low_to_new = new_slope >= 0.0 and not set_high_to_new
                if set_low_to_new:
                    low, value_low, slope_low = new_stepsize, new_value, new_slope
                    high, value_high, slope_high = stepsize, value, slope
                else:
                    low, value_low, slope_low = stepsize, value, slope
                    high, value_high, slope_high = new_stepsize, new_value, new_slope
                cubic_ref, value_cubic_ref = low, value_low
                interval_found = set_high_to_new or set_low_to_new or error <= tol
                done = error <= tol
                failed = count + 1 >= 20 and not done
                stepsize, value, slope = new_stepsize, new_value, new_slope
            else:  # Algorithm 3.6: zoom into the interval
                delta = abs(high - low)
                left, right = min(high, low), max(high, low)
                middle_cubic = _cubicmin(low, value_low, slope_low, high, value_high, cubic_ref, value_cubic_ref)
                middle_quad = _quadmin(low, value_low, slope_low, high, value_high)
                if left + 0.2 * delta < middle_cubic < right - 0.2 * delta:
                    middle = middle_cubic
                elif left + 0.1 * delta < middle_quad < right - 0.1 * delta:
                    middle = middle_quad
                else:
                    middle = (low + high) / 2.0
                value_middle, slope_middle = _slope_on_line(x, middle, updates)
                decrease_error, curvature_error = _zoom_errors(middle, value_middle, slope_middle, value_init,
                                                               slope_init)
                error = max(decrease_error, curvature_error)
                if decrease_error <= tol and value_middle < safe_value:
                    safe_stepsize, safe_value = middle, value_middle
                done = error <= tol
                if decrease_error > 0.0 or value_middle >= value_low:
                    cubic_ref, value_cubic_ref = high, value_high
                    high, value_high, slope_high = middle, value_middle, slope_middle
                elif slope_middle * (high - low) >= 0.0:
                    cubic_ref, value_cubic_ref = high, value_high
                    high, value_high, slope_high = low, value_low, slope_low
                    low, value_low, slope_low = middle, value_middle, slope_middle
                else:
                    cubic_ref, value_cubic_ref = low, value_low
                    low, value_low, slope_low = middle, value_middle, slope_middle
                failed = (count + 1 >= 20 or (delta <= 1e-5 and safe_stepsize > 0.0)) and not done
                stepsize, value, slope = middle, value_middle, slope_middle
            count += 1
            if failed and (safe_stepsize > 0.0 or jnp.isinf(decrease_error)):  # _try_safe_step
                stepsize, value = safe_stepsize, safe_value
        x = x + stepsize * updates
    return x
