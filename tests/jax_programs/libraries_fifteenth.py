"""A fifteenth set of programs, from three JAX repositories the corpus did not cite before: trajax (google/trajax:
trajectory optimisation: ``optimizers.py``'s rollout, a ``lax.scan`` over the controls and the time steps; the
adjoint equations, a ``lax.scan`` backwards over ``arange(T - 1, -1, -1)``; the DDP rollout, a ``lax.fori_loop`` of
``.at[].set`` updates; the DDP line search, a ``lax.while_loop`` halving the step until the cost decreases; the
iterative LQR, a ``lax.while_loop`` whose body solves the LQR subproblem, line-searches and re-linearises, with a
``lax.cond`` on ``make_psd``; the cross-entropy method, a ``lax.fori_loop`` of sampling rounds each smoothing its noise
in a ``lax.fori_loop``; ``tvlqr.py``'s backward Riccati recursion, a ``lax.fori_loop`` counting down, and its
ADMM-constrained LQR, a ``lax.fori_loop`` holding that recursion and a rollout ``lax.fori_loop``), T5X
(google-research/t5x: ``binary_search.py``'s bitwise binary search over float32 bit patterns, a ``lax.fori_loop`` of
31 steps with a traced shift, and the top-k and top-p masks built on it; ``decoding.py``'s temperature sampling, a
``lax.while_loop`` until every sequence has ended whose body chooses greedy or sampled decoding by a ``lax.cond`` on
the temperature and masks the top k in a ``lax.cond``, and its beam search, a ``lax.while_loop`` whose test combines
length, score and step criteria) and QDax (adaptive-intelligent-robotics/QDax: the QD-suite tasks' bisection for the
Archimedean spiral's angle, a ``lax.while_loop`` around a ``lax.cond``, and the self-similar function's level, a
``lax.while_loop`` from Python numbers then a ``lax.cond``; NSGA-II's survivor selection, two ``lax.while_loop``s
whose tests are a Python ``sum`` over a traced boolean mask; the novelty archive's insertion, a ``lax.scan`` of a
``lax.cond`` on a registered dataclass, and its k-nearest-neighbour top-k, a ``lax.scan`` with no xs; CMA-ES's
update, a ``lax.cond`` on a delayed eigendecomposition, driven by its test's loop with a ``break``).

The twin is the library's own ``lax`` code. ``plain`` is that control flow as Python: ``lax.fori_loop(lo, hi, body,
init)`` as ``for i in range(lo, hi)`` running the body's statements, ``lax.scan`` as a ``for`` over the scanned
inputs (``range(length)`` with no xs, ``range(T - 1, -1, -1)`` for trajax's backward scan over that ``arange``)
appending the outputs to lists that are stacked, ``lax.while_loop(cond, body, init)`` as ``while`` (the test written
inline where the library's is a lambda) and ``lax.cond`` as ``if``/``else``. Where the library's function holds the
loop, a ``loop=`` switch (not library code) selects the library's ``lax`` call or its Python form, the rest of the
function being shared; QDax's tasks and CMA-ES keep their classes, with a subclass (``...Py``) or a ``loop`` class
attribute (not library code) choosing the Python form of the method holding the control flow. One program
(``qdax_cmaes_sphere``) is the loop of QDax's own test (``tests/baselines_test/cmaes_test.py``: a Python ``for``
with ``if stop_condition: break``), so its twin is a hand-written ``lax.while_loop`` over the library's methods
(marked).

The three repositories were fetched whole; each program names the repository's commit. Adapted only in calling
convention: ``jax.numpy`` is ``jnp`` (trajax imports it as ``np``), two-space indentation is four, ``jax.jit``
decorators are off (also the test's ``jax.jit`` wrappers of CMA-ES's methods), ``flax.struct.dataclass`` /
``flax.struct.PyTreeNode`` (flax is not installed) are a frozen dataclass registered as a pytree with a ``replace``
method, flax's ``traverse_util.flatten_dict`` / ``unflatten_dict`` are two small functions and its ``FrozenDict``
checks are off (the caches are dicts); trajax's ``_ilqr_template`` is called directly (``ilqr`` wraps it, for its
custom VJP, in ``closure_convert`` and ``custom_vjp``, which run it as it is going forwards); T5X's
``_temperature_sample_single_trial`` is called directly (``temperature_sample`` repeats it over trials and sorts them),
and ``beam_search``'s path for prompts with an ``initial_index`` (``_right_align_prompts``) is left out; QDax's
``QDSuiteTask`` base class (abstract methods only) is left out, and NSGA-II's ``GARepertoire`` base is the fields
and members ``add`` reads. The problems solved are small and marked as not library code: trajax's pendulum and its
cost are the library's test's (``testPendulumReadmeExample``, a horizon of 30 steps of 0.05 s instead of 300 of 0.01
s), the LQR data come from its linearisation, the ADMM projector is a box on the controls; T5X's model is a bigram
logit table with a decaying cache; CMA-ES minimises the test's sphere in 4 dimensions for at most 30 generations.
``qdax_archimedean_spiral`` compares with rtol=1e-3: run eagerly, its bisection bracket starts and stays Python
floats (float64), where the library's ``lax.while_loop`` and the converted loop carry float32, so they stop on
neighbouring floats. ``trajax_ilqr`` compares the trajectory, objective and iteration count, not the final gradient
(near zero, so its rounding is relative noise).
Registered into ``programs.PROGRAMS`` (``programs.py`` imports this module after ``libraries_fourteenth``).
"""

from __future__ import annotations

import dataclasses
from enum import Enum
from functools import partial
from typing import Any, Callable, Mapping, Optional

import jax
import jax.numpy as jnp
import numpy as np
from jax import custom_derivatives, hessian, jacobian, lax, random, vmap

from jax_programs.programs import program

TRAJAX = "google/trajax@c94a637c5a397b3d4100153f25b4b165507b5b20 (Apache-2.0) trajax/{}"
T5X = "google-research/t5x@cc342d419ec3e3e9c4bf1df33c82330cafdc1e16 (Apache-2.0) t5x/{}"
QDAX = "adaptive-intelligent-robotics/QDax@46b8feecae26d79414ce7a1ce731e5cfbeb9837d (MIT) {}"


def pytree_node(cls):
    """Not library code: flax.struct.dataclass / PyTreeNode as a registered frozen dataclass."""
    cls = dataclasses.dataclass(frozen=True)(cls)
    cls.replace = dataclasses.replace  # PyTreeNode.replace(self, **changes)
    return jax.tree_util.register_dataclass(cls)


# === trajax ===========================================================================================================

# --- integrators.py, tests/optimizers_test.py (the pendulum and the README example's cost) ----------------------------

def rk4(dynamics, dt=0.01):
    def integrator(x, u, t):
        dt2 = dt / 2.0
        k1 = dynamics(x, u, t)
        k2 = dynamics(x + dt2 * k1, u, t)
        k3 = dynamics(x + dt2 * k2, u, t)
        k4 = dynamics(x + dt * k3, u, t)
        return x + (dt / 6.0) * (k1 + 2 * k2 + 2 * k3 + k4)
    return integrator


def pendulum(state, action, t, params=(1.0, 1.0, 9.81)):
    del t
    theta, theta_dot = state
    m, l, g = params  # noqa: E741 (the library's names)
    return jnp.array([
        theta_dot,
        (jnp.squeeze(action) - m * g * l * jnp.sin(theta)) / (m * l * l)])


HORIZON = 30  # not library code: the test's horizon is 300 steps of dt=0.01


# wrap to [-pi, pi]
def angle_wrap(theta):
    return (theta + jnp.pi) % (2 * jnp.pi) - jnp.pi


def pendulum_cost(params, state, action, t):
    final_weight, stage_weight, action_weight = params
    theta, theta_dot = state
    theta_err = angle_wrap(theta - jnp.pi)
    state_cost = stage_weight * (theta_err**2 + theta_dot**2)
    action_cost = action_weight * jnp.squeeze(action)**2
    return jnp.where(t == HORIZON, final_weight * state_cost,
                     state_cost + action_cost)


TRUE_PARAMS = (100.0, 10.0, 1.0)
_cost = partial(pendulum_cost, TRUE_PARAMS)
_dynamics = rk4(pendulum, dt=0.05)

# --- optimizers.py ----------------------------------------------------------------------------------------------------

pad = lambda A: jnp.vstack((A, jnp.zeros((1,) + A.shape[1:])))


def vectorize(fun, argnums=3):
    def vfun(*args):
        _fun = lambda tup, *margs: fun(*(margs + tup))
        return vmap(
            _fun, in_axes=(None,) + (0,) * argnums)(args[argnums:], *args[:argnums])

    return vfun


def linearize(fun, argnums=3):
    jacobian_x = jacobian(fun)
    jacobian_u = jacobian(fun, argnums=1)

    def linearizer(*args):
        return jacobian_x(*args), jacobian_u(*args)

    return vectorize(linearizer, argnums)


def quadratize(fun, argnums=3):
    hessian_x = hessian(fun)
    hessian_u = hessian(fun, argnums=1)
    hessian_x_u = jacobian(jax.grad(fun), argnums=1)

    def quadratizer(*args):
        return hessian_x(*args), hessian_u(*args), hessian_x_u(*args)

    return vectorize(quadratizer, argnums)


def rollout(dynamics, U, x0, loop="lax"):
    return _rollout(dynamics, U, x0, loop=loop)


def _rollout(dynamics, U, x0, *args, loop="lax"):
    def dynamics_for_scan(x, ut):
        u, t = ut
        x_next = dynamics(x, u, t, *args)
        return x_next, x_next

    if loop == "lax":
        return jnp.vstack(
            (x0, lax.scan(dynamics_for_scan, x0, (U, jnp.arange(U.shape[0])))[1]))
    # loop="python": the scan as a for over its xs, the outputs appended and stacked
    x = x0
    xs = []
    for ut in zip(U, jnp.arange(U.shape[0])):
        x, x_next = dynamics_for_scan(x, ut)
        xs.append(x_next)
    return jnp.vstack((x0, jnp.stack(xs)))


def evaluate(cost, X, U, *args):
    timesteps = jnp.arange(X.shape[0])
    return vectorize(cost)(X, U, timesteps, *args)


def objective(cost, dynamics, U, x0):
    cost_converted, cost_consts = custom_derivatives.closure_convert(
        cost, x0, U[0], 0)
    dynamics_converted, dynamics_consts = custom_derivatives.closure_convert(
        dynamics, x0, U[0], 0)
    return _objective(cost_converted, dynamics_converted, U, x0, cost_consts,
                      dynamics_consts)


# no custom_vjp attached
def _objective_template(cost, dynamics, U, x0, cost_args, dynamics_args):
    return jnp.sum(
        evaluate(cost, _rollout(dynamics, U, x0, *dynamics_args), pad(U),
                 *cost_args))


@partial(jax.custom_vjp, nondiff_argnums=(0, 1))
def _objective(cost, dynamics, U, x0, cost_args, dynamics_args):
    return _objective_template(cost, dynamics, U, x0, cost_args, dynamics_args)


def _objective_fwd(cost, dynamics, U, x0, cost_args, dynamics_args):
    obj = _objective(cost, dynamics, U, x0, cost_args, dynamics_args)
    return (obj, (U, x0, cost_args, dynamics_args))


def _objective_bwd(cost, dynamics, res, g):
    return (g * grad_wrt_controls(cost, dynamics, *res),) + (None,) * 3


_objective.defvjp(_objective_fwd, _objective_bwd)


def adjoint(A, B, q, r, loop="lax"):
    n = q.shape[1]
    T = q.shape[0] - 1
    m = r.shape[1]
    P = jnp.zeros((T, n))
    g = jnp.zeros((T, m))

    def body(p, t):  # backward recursion of Adjoint equations.
        g = r[t] + jnp.matmul(B[t].T, p)
        p = jnp.matmul(A[t].T, p) + q[t]
        return p, (p, g)

    if loop == "lax":
        p, (P, g) = lax.scan(body, q[T], jnp.arange(T - 1, -1, -1))
    else:
        # loop="python": the scan over arange(T - 1, -1, -1) as a for over range(T - 1, -1, -1)
        p = q[T]
        Ps, gs = [], []
        for t in range(T - 1, -1, -1):
            p, (P_t, g_t) = body(p, t)
            Ps.append(P_t)
            gs.append(g_t)
        P, g = jnp.stack(Ps), jnp.stack(gs)
    return jnp.flipud(g), jnp.vstack((jnp.flipud(P[:T - 1]), q[T])), p


def grad_wrt_controls(cost, dynamics, U, x0, cost_args, dynamics_args):
    jacobians = linearize(dynamics)
    grad_cost = linearize(cost)

    X = _rollout(dynamics, U, x0, *dynamics_args)
    timesteps = jnp.arange(X.shape[0])
    A, B = jacobians(X, pad(U), timesteps, *dynamics_args)
    q, r = grad_cost(X, pad(U), timesteps, *cost_args)
    gradient, _, _ = adjoint(A, B, q, r)
    return gradient


def ddp_rollout(dynamics, X, U, K, k, alpha, *args, loop="lax"):
    n = X.shape[1]
    T, m = U.shape
    Xnew = jnp.zeros((T + 1, n))
    Unew = jnp.zeros((T, m))
    Xnew = Xnew.at[0].set(X[0])

    def body(t, inputs):
        Xnew, Unew = inputs
        del_u = alpha * k[t] + jnp.matmul(K[t], Xnew[t] - X[t])
        u = U[t] + del_u
        x = dynamics(Xnew[t], u, t, *args)
        Unew = Unew.at[t].set(u)
        Xnew = Xnew.at[t + 1].set(x)
        return Xnew, Unew

    if loop == "lax":
        return lax.fori_loop(0, T, body, (Xnew, Unew))
    # loop="python": the fori_loop as a for running the body's statements
    for t in range(T):
        del_u = alpha * k[t] + jnp.matmul(K[t], Xnew[t] - X[t])
        u = U[t] + del_u
        x = dynamics(Xnew[t], u, t, *args)
        Unew = Unew.at[t].set(u)
        Xnew = Xnew.at[t + 1].set(x)
    return Xnew, Unew


def line_search_ddp(cost,
                    dynamics,
                    X,
                    U,
                    K,
                    k,
                    obj,
                    cost_args=(),
                    dynamics_args=(),
                    alpha_0=1.0,
                    alpha_min=0.00005,
                    loop="lax"):
    """Performs line search with respect to DDP rollouts."""

    obj = jnp.where(jnp.isnan(obj), jnp.inf, obj)
    costs = partial(evaluate, cost)
    total_cost = lambda X, U, *margs: jnp.sum(costs(X, pad(U), *margs))

    def line_search(inputs):
        """Line search to find improved control sequence."""
        _, _, _, alpha = inputs
        Xnew, Unew = ddp_rollout(dynamics, X, U, K, k, alpha, *dynamics_args, loop=loop)
        obj_new = total_cost(Xnew, Unew, *cost_args)
        alpha = 0.5 * alpha
        obj_new = jnp.where(jnp.isnan(obj_new), obj, obj_new)

        # Only return new trajs if leads to a strict cost decrease
        X_return = jnp.where(obj_new < obj, Xnew, X)
        U_return = jnp.where(obj_new < obj, Unew, U)

        return X_return, U_return, jnp.minimum(obj_new, obj), alpha

    if loop == "lax":
        return lax.while_loop(
            lambda inputs: jnp.logical_and(inputs[2] >= obj, inputs[3] > alpha_min),
            line_search, (X, U, obj, alpha_0))
    # loop="python": the while_loop as a Python while, its test inline
    inputs = (X, U, obj, alpha_0)
    while inputs[2] >= obj and inputs[3] > alpha_min:
        inputs = line_search(inputs)
    return inputs


def project_psd_cone(Q, delta=0.0):
    S, V = jnp.linalg.eigh(Q)
    S = jnp.maximum(S, delta)
    Q_plus = jnp.matmul(V, jnp.matmul(jnp.diag(S), V.T))
    return 0.5 * (Q_plus + Q_plus.T)


def _ilqr_template(cost, dynamics, x0, U, cost_args, dynamics_args, maxiter,
                   grad_norm_threshold, relative_grad_norm_threshold,
                   obj_step_threshold, inputs_step_threshold, make_psd,
                   psd_delta, alpha_0, alpha_min, vjp_options, loop="lax"):
    """Internal ilqr implementation. Not meant to be called directly."""

    del vjp_options

    T, _ = U.shape
    n = x0.shape[0]

    roll = partial(_rollout, dynamics, loop=loop)
    quadratizer = quadratize(cost)
    dynamics_jacobians = linearize(dynamics)
    cost_gradients = linearize(cost)
    evaluator = partial(evaluate, cost)
    psd = vmap(partial(project_psd_cone, delta=psd_delta))

    X = roll(U, x0, *dynamics_args)
    timesteps = jnp.arange(X.shape[0])
    obj = jnp.sum(evaluator(X, pad(U), *cost_args))

    def get_lqr_params(X, U):
        Q, R, M = quadratizer(X, pad(U), timesteps, *cost_args)

        if loop == "lax":
            Q = lax.cond(make_psd, Q, psd, Q, lambda x: x)
            R = lax.cond(make_psd, R, psd, R, lambda x: x)
        elif make_psd:  # loop="python": the conds on make_psd as an if
            Q = psd(Q)
            R = psd(R)

        q, r = cost_gradients(X, pad(U), timesteps, *cost_args)
        A, B = dynamics_jacobians(X, pad(U), jnp.arange(T + 1), *dynamics_args)

        return (Q, q, R, r, M, A, B)

    c = jnp.zeros((T, n))  # assumes trajectory is always dynamically feasible.

    lqr = get_lqr_params(X, U)
    _, q, _, r, _, A, B = lqr
    gradient, adjoints, _ = adjoint(A, B, q, r, loop=loop)
    grad_norm_initial = jnp.linalg.norm(gradient)
    grad_norm_threshold = jnp.maximum(
        grad_norm_threshold,
        relative_grad_norm_threshold *
        jnp.where(jnp.isnan(grad_norm_initial), 1.0, grad_norm_initial + 1.0))

    def body(inputs):
        """Solves LQR subproblem and returns updated trajectory."""
        X, U, obj, alpha, gradient, adjoints, lqr, iteration, _, _ = inputs

        Q, q, R, r, M, A, B = lqr

        K, k, _, _ = tvlqr(Q, q, R, r, M, A, B, c, loop=loop)
        X_new, U_new, obj_new, alpha = line_search_ddp(cost, dynamics, X, U, K, k,
                                                       obj, cost_args,
                                                       dynamics_args, alpha_0,
                                                       alpha_min, loop=loop)
        gradient, adjoints, _ = adjoint(A, B, q, r, loop=loop)

        lqr = get_lqr_params(X_new, U_new)
        U_step = jnp.linalg.norm(U_new - U)
        obj_step = jnp.abs(obj_new - obj)
        iteration = iteration + 1
        return X_new, U_new, obj_new, alpha, gradient, adjoints, lqr, iteration, obj_step, U_step

    def continuation_criterion(inputs):
        _, U_new, obj_new, alpha, gradient, _, _, iteration, obj_step, U_step = inputs
        grad_norm = jnp.linalg.norm(gradient)
        grad_norm = jnp.where(jnp.isnan(grad_norm), jnp.inf, grad_norm)

        still_improving_obj = obj_step > obj_step_threshold * (
            jnp.absolute(obj_new) + 1.0)
        still_moving_U = U_step > inputs_step_threshold * (
            jnp.linalg.norm(U_new) + 1.0)
        still_progressing = jnp.logical_and(still_improving_obj, still_moving_U)
        has_potential_to_improve = jnp.logical_and(grad_norm > grad_norm_threshold,
                                                   still_progressing)

        return jnp.logical_and(
            iteration < maxiter,
            jnp.logical_and(has_potential_to_improve, alpha > alpha_min))

    init = (X, U, obj, alpha_0, gradient, adjoints, lqr, 0, jnp.inf, jnp.inf)
    if loop == "lax":
        X, U, obj, _, gradient, adjoints, lqr, it, _, _ = lax.while_loop(
            continuation_criterion, body, init)
    else:
        # loop="python": the while_loop as while continuation_criterion(inputs): inputs = body(inputs)
        inputs = init
        while continuation_criterion(inputs):
            inputs = body(inputs)
        X, U, obj, _, gradient, adjoints, lqr, it, _, _ = inputs

    return X, U, obj, gradient, adjoints, lqr, it


def default_cem_hyperparams():
    return {
        'sampling_smoothing': 0.,
        'evolution_smoothing': 0.1,
        'elite_portion': 0.1,
        'max_iter': 10,
        'num_samples': 400
    }


def cem_update_mean_stdev(old_mean, old_stdev, controls, costs, hyperparams):
    """Computes new mean and standard deviation from elite samples."""
    num_samples = hyperparams['num_samples']
    num_elites = int(num_samples * hyperparams['elite_portion'])
    best_control_idx = jnp.argsort(costs)[:num_elites]
    elite_controls = controls[best_control_idx]
    new_mean = jnp.mean(elite_controls, axis=0)
    new_stdev = jnp.std(elite_controls, axis=0)
    updated_mean = hyperparams['evolution_smoothing'] * old_mean + (
        1 - hyperparams['evolution_smoothing']) * new_mean
    updated_stdev = hyperparams['evolution_smoothing'] * old_stdev + (
        1 - hyperparams['evolution_smoothing']) * new_stdev
    return updated_mean, updated_stdev


def gaussian_samples(random_key, mean, stdev, control_low, control_high,
                     hyperparams, loop="lax"):
    num_samples = hyperparams['num_samples']
    horizon = mean.shape[0]
    dim_control = mean.shape[1]
    noises = jax.random.normal(
        random_key, shape=(num_samples, horizon, dim_control))
    # Smoothens noise along time axis.
    smoothing_coef = hyperparams['sampling_smoothing']

    def body_fun(t, noises):
        return noises.at[:, t].set(smoothing_coef * noises[:, t - 1] +
                                   jnp.sqrt(1 - smoothing_coef**2) * noises[:, t])

    if loop == "lax":
        noises = jax.lax.fori_loop(1, horizon, body_fun, noises)
    else:
        # loop="python": the fori_loop as a for running the body's statement
        for t in range(1, horizon):
            noises = noises.at[:, t].set(smoothing_coef * noises[:, t - 1] +
                                         jnp.sqrt(1 - smoothing_coef**2) * noises[:, t])
    samples = noises * stdev
    samples = samples + mean
    control_low = jax.lax.broadcast(control_low, samples.shape[:-1])
    control_high = jax.lax.broadcast(control_high, samples.shape[:-1])
    samples = jnp.clip(samples, control_low, control_high)
    return samples


def cem(cost,
        dynamics,
        init_state,
        init_controls,
        control_low,
        control_high,
        random_key=None,
        hyperparams=None,
        loop="lax"):
    """Cross Entropy Method (CEM)."""
    if random_key is None:
        random_key = random.PRNGKey(0)
    if hyperparams is None:
        hyperparams = default_cem_hyperparams()
    mean = jnp.array(init_controls)
    stdev = jnp.array([(control_high - control_low) / 2.] * init_controls.shape[0])
    obj_fn = partial(objective, cost, dynamics)

    def loop_body(_, args):
        mean, stdev, random_key = args
        random_key, rng = random.split(random_key)
        controls = gaussian_samples(rng, mean, stdev, control_low, control_high,
                                    hyperparams, loop=loop)
        costs = vmap(obj_fn, in_axes=(0, None))(controls, init_state)
        mean, stdev = cem_update_mean_stdev(mean, stdev, controls, costs,
                                            hyperparams)
        return mean, stdev, random_key

    if loop == "lax":
        # TODO(sindhwani): swap with lax.scan to make this optimizer differentiable.
        mean, stdev, random_key = lax.fori_loop(0, hyperparams['max_iter'], loop_body,
                                                (mean, stdev, random_key))
    else:
        # loop="python": the fori_loop as a for running the body's statements
        for _ in range(hyperparams['max_iter']):
            random_key, rng = random.split(random_key)
            controls = gaussian_samples(rng, mean, stdev, control_low, control_high,
                                        hyperparams, loop=loop)
            costs = vmap(obj_fn, in_axes=(0, None))(controls, init_state)
            mean, stdev = cem_update_mean_stdev(mean, stdev, controls, costs,
                                                hyperparams)

    X = rollout(dynamics, mean, init_state, loop=loop)
    obj = objective(cost, dynamics, mean, init_state)
    return X, mean, obj


# --- tvlqr.py ---------------------------------------------------------------------------------------------------------

def tvlqr_rollout(K, k, x0, A, B, c, loop="lax"):
    """Rolls-out time-varying linear policy u[t] = K[t] x[t] + k[t]."""

    T, m, n = K.shape
    X = jnp.zeros((T + 1, n))
    U = jnp.zeros((T, m))
    X = X.at[0].set(x0)

    def body(t, inputs):
        X, U = inputs
        u = jnp.matmul(K[t], X[t]) + k[t]
        x = jnp.matmul(A[t], X[t]) + jnp.matmul(B[t], u) + c[t]
        X = X.at[t + 1].set(x)
        U = U.at[t].set(u)
        return X, U

    if loop == "lax":
        return lax.fori_loop(0, T, body, (X, U))
    # loop="python": the fori_loop as for t in range(T): inputs = body(t, inputs)
    inputs = (X, U)
    for t in range(T):
        inputs = body(t, inputs)
    return inputs


def lqr_step(P, p, Q, q, R, r, M, A, B, c, delta=1e-8):
    """Single LQR Step."""
    symmetrize = lambda x: (x + x.T) / 2

    AtP = jnp.matmul(A.T, P)
    AtPA = symmetrize(jnp.matmul(AtP, A))
    BtP = jnp.matmul(B.T, P)
    BtPA = jnp.matmul(BtP, A)

    H = BtPA + M.T
    h = jnp.matmul(B.T, p) + jnp.matmul(BtP, c) + r

    G = symmetrize(R + jnp.matmul(BtP, B))

    # Get damped (Levenberg-Marquardt) inverse.
    K_k, *_ = jnp.linalg.lstsq(
        G, -jnp.hstack((H, jnp.reshape(h, (-1, 1)))), rcond=delta)
    K, k = jnp.hsplit(K_k, [K_k.shape[1] - 1])
    k = k.flatten()

    H_GK = H + jnp.matmul(G, K)
    P = symmetrize(Q + AtPA + jnp.matmul(H_GK.T, K) + jnp.matmul(K.T, H))
    p = q + jnp.matmul(A.T, p) + jnp.matmul(AtP, c) + jnp.matmul(
        H_GK.T, k) + jnp.matmul(K.T, h)

    return P, p, K, k


def tvlqr(Q, q, R, r, M, A, B, c, loop="lax"):
    """Discrete-time Finite Horizon Time-varying LQR."""

    T = Q.shape[0] - 1
    m = R.shape[1]
    n = Q.shape[1]

    P = jnp.zeros((T + 1, n, n))
    p = jnp.zeros((T + 1, n))
    K = jnp.zeros((T, m, n))
    k = jnp.zeros((T, m))

    P = P.at[-1].set(Q[T])
    p = p.at[-1].set(q[T])

    def body(tt, inputs):
        K, k, P, p = inputs
        t = T - 1 - tt
        P_t, p_t, K_t, k_t = lqr_step(P[t + 1], p[t + 1], Q[t], q[t], R[t], r[t], M[t],
                                      A[t], B[t], c[t])
        K = K.at[t].set(K_t)
        k = k.at[t].set(k_t)
        P = P.at[t].set(P_t)
        p = p.at[t].set(p_t)

        return K, k, P, p

    if loop == "lax":
        return lax.fori_loop(0, T, body, (K, k, P, p))
    # loop="python": the fori_loop as a for running the body's statements
    for tt in range(T):
        t = T - 1 - tt
        P_t, p_t, K_t, k_t = lqr_step(P[t + 1], p[t + 1], Q[t], q[t], R[t], r[t], M[t],
                                      A[t], B[t], c[t])
        K = K.at[t].set(K_t)
        k = k.at[t].set(k_t)
        P = P.at[t].set(P_t)
        p = p.at[t].set(p_t)
    return K, k, P, p


def ctvlqr(projector, Q, q, R, r, M, A, B, c, x0, rho=1.0, maxiter=100, loop="lax"):
    """Constrained Discrete-time Finite Horizon Time-varying LQR (ADMM, Boyd et al. 2010, 5.2)."""

    T, m, _ = R.shape
    n = Q.shape[1]
    X = jnp.zeros((T + 1, n))
    U = jnp.zeros((T, m))
    VX = jnp.zeros((T + 1, n))
    VU = jnp.zeros((T, m))
    ZX = jnp.zeros((T + 1, n))
    ZU = jnp.zeros((T, m))
    K = jnp.zeros((T, m, n))
    k = jnp.zeros((T, m))
    Im = jnp.array([jnp.eye(m)] * T)
    In = jnp.array([jnp.eye(n)] * (T + 1))

    def body(tt, inputs):
        del tt
        X, U, VX, VU, ZX, ZU, K, k = inputs
        K, k, _, _ = tvlqr(Q + rho * In,
                           q - (ZX - VX),
                           R + rho * Im,
                           r - (ZU - VU),
                           M, A, B, c, loop=loop)
        X, U = tvlqr_rollout(K, k, x0, A, B, c, loop=loop)
        ZX, ZU = projector(X + VX, U + VU)
        VX = VX + X - ZX
        VU = VU + U - ZU
        return (X, U, VX, VU, ZX, ZU, K, k)

    if loop == "lax":
        X, U, _, _, _, _, K, k = lax.fori_loop(0,
                                               maxiter, body,
                                               (X, U, VX, VU, ZX, ZU, K, k))
    else:
        # loop="python": the fori_loop as a for running the body's statements
        for _ in range(maxiter):
            K, k, _, _ = tvlqr(Q + rho * In,
                               q - (ZX - VX),
                               R + rho * Im,
                               r - (ZU - VU),
                               M, A, B, c, loop=loop)
            X, U = tvlqr_rollout(K, k, x0, A, B, c, loop=loop)
            ZX, ZU = projector(X + VX, U + VU)
            VX = VX + X - ZX
            VU = VU + U - ZU
    return X, U, K, k


# --- the trajax programs ----------------------------------------------------------------------------------------------

def _controls():
    # Not library code: a control sequence and the README example's initial state
    return 0.5 * jnp.sin(0.4 * jnp.arange(HORIZON, dtype=jnp.float32))[:, None], jnp.array([-0.9, 0.0])


def _linearised():
    # Not library code: the LQR data of the pendulum problem along the rollout of _controls(), as _ilqr_template
    # computes them (the rows past T dropped)
    U, x0 = _controls()
    X = _rollout(_dynamics, U, x0)
    t = jnp.arange(HORIZON + 1)
    Q, R, M = quadratize(_cost)(X, pad(U), t)
    q, r = linearize(_cost)(X, pad(U), t)
    A, B = linearize(_dynamics)(X, pad(U), t)
    T = HORIZON
    return Q, q, R[:T], r[:T], M[:T], A[:T], B[:T], jnp.zeros((T, 2))


@program(twin=lambda U, x0: rollout(_dynamics, U, x0), args=_controls, grad=(0, 1), loss=jnp.sum, vmap=(None, 0),
         source=TRAJAX.format("optimizers.py") + ", `rollout` / `_rollout` (x[t+1] = dynamics(x[t], u[t], t): a "
         "lax.scan over (U, arange(T)) stacked under x0), the pendulum of tests/optimizers_test.py under "
         "integrators.py `rk4`; the scan as a for over zip(U, arange(T)) appending, then stacked")
def trajax_rollout(U, x0):
    return rollout(_dynamics, U, x0, loop="python")


def _adjoint_args():
    Q, q, R, r, M, A, B, c = _linearised()
    return A, B, q, jnp.vstack((r, jnp.zeros((1, 1))))


@program(twin=adjoint, args=_adjoint_args, grad=(0, 2), loss=lambda out: sum(jnp.sum(o) for o in out),
         vmap=(None, None, 0, None),
         source=TRAJAX.format("optimizers.py") + ", `adjoint` (the adjoint equations backwards in time: a lax.scan "
         "over arange(T - 1, -1, -1) carrying p, its outputs flipped); the scan as a for over range(T - 1, -1, -1) "
         "appending p and g, then stacked")
def trajax_adjoint(A, B, q, r):
    return adjoint(A, B, q, r, loop="python")


def _ddp_args():
    Q, q, R, r, M, A, B, c = _linearised()
    K, k, _, _ = tvlqr(Q, q, R, r, M, A, B, c)
    U, x0 = _controls()
    return _rollout(_dynamics, U, x0), U, K, k, jnp.float32(0.5)


@program(twin=lambda X, U, K, k, alpha: ddp_rollout(_dynamics, X, U, K, k, alpha), args=_ddp_args,
         grad=(3, 4), loss=lambda out: jnp.sum(out[0]) + jnp.sum(out[1]), vmap=(None, None, None, None, 0),
         source=TRAJAX.format("optimizers.py") + ", `ddp_rollout` (the DDP forward pass u = U[t] + alpha k[t] + "
         "K[t] (Xnew[t] - X[t]): a lax.fori_loop(0, T) writing Xnew and Unew with .at[].set), the gains from "
         "tvlqr; the fori_loop as a for over range(T)")
def trajax_ddp_rollout(X, U, K, k, alpha):
    return ddp_rollout(_dynamics, X, U, K, k, alpha, loop="python")


def _line_search_args():
    X, U, K, k, _ = _ddp_args()
    obj = jnp.sum(evaluate(_cost, X, pad(U)))
    return X, U, K, 16.0 * k, obj  # an overshooting step: the search halves alpha a few times


@program(twin=lambda X, U, K, k, obj: line_search_ddp(_cost, _dynamics, X, U, K, k, obj),
         args=_line_search_args, jvp=(3,), vmap=(None, None, None, 0, None), rtol=1e-4,
         source=TRAJAX.format("optimizers.py") + ", `line_search_ddp` (a lax.while_loop halving alpha from 1 "
         "while the new cost is not below obj and alpha > alpha_min, each step a ddp_rollout kept by jnp.where "
         "only on a strict decrease), 16 times the LQR step; the while_loop as `while inputs[2] >= obj and "
         "inputs[3] > alpha_min`, ddp_rollout's fori_loop as a for")
def trajax_line_search_ddp(X, U, K, k, obj):
    return line_search_ddp(_cost, _dynamics, X, U, K, k, obj, loop="python")


@program(twin=tvlqr, args=_linearised, grad=(1, 3), loss=lambda out: jnp.sum(out[1]) + jnp.sum(out[3]),
         vmap=(None, 0, None, None, None, None, None, None), rtol=1e-4,
         source=TRAJAX.format("tvlqr.py") + ", `tvlqr` (the backward Riccati recursion: a lax.fori_loop(0, T) "
         "whose body counts t = T - 1 - tt down, each step `lqr_step`, a damped lstsq solve for the gains), on "
         "the pendulum's linearisation; the fori_loop as a for over range(T)")
def trajax_tvlqr(Q, q, R, r, M, A, B, c):
    return tvlqr(Q, q, R, r, M, A, B, c, loop="python")


def _box_projector(X, U):
    return X, jnp.clip(U, -2.0, 2.0)  # Not library code: the constraint set, a box on the controls


def _ctvlqr_args():
    return (*_linearised(), jnp.array([-0.9, 0.0]))


@program(twin=lambda *a: ctvlqr(_box_projector, *a, maxiter=10), args=_ctvlqr_args,
         vmap=(None, None, None, None, None, None, None, None, 0), rtol=1e-4,
         source=TRAJAX.format("tvlqr.py") + ", `ctvlqr` (LQR under constraints by ADMM: a lax.fori_loop of "
         "maxiter=10 steps, each a tvlqr fori_loop, a `rollout` fori_loop of the policy and the projection onto a "
         "box on the controls); the three fori_loops as for loops")
def trajax_ctvlqr(Q, q, R, r, M, A, B, c, x0):
    return ctvlqr(_box_projector, Q, q, R, r, M, A, B, c, x0, maxiter=10, loop="python")


_ILQR_OPTIONS = dict(cost_args=(), dynamics_args=(), maxiter=8, grad_norm_threshold=1e-4,
                     relative_grad_norm_threshold=0.0, obj_step_threshold=0.0, inputs_step_threshold=0.0,
                     make_psd=False, psd_delta=0.0, alpha_0=1.0, alpha_min=0.00005, vjp_options=None)


def _ilqr_twin(x0, U):
    X, U, obj, _, _, _, it = _ilqr_template(_cost, _dynamics, x0, U, **_ILQR_OPTIONS)
    return X, U, obj, it


@program(twin=_ilqr_twin, args=lambda: (jnp.array([-0.9, 0.0]), jnp.zeros((HORIZON, 1))), vmap=(0, None),
         rtol=1e-3,
         source=TRAJAX.format("optimizers.py") + ", `ilqr`'s `_ilqr_template` (iterative LQR with the library's "
         "defaults but maxiter=8: a lax.while_loop while the gradient norm, the objective and the controls still "
         "move and alpha > alpha_min, its body tvlqr, line_search_ddp, adjoint and the re-linearisation, with "
         "lax.cond(make_psd, ...)), swinging the test's pendulum up; the while_loop as `while "
         "continuation_criterion(inputs)`, the conds as `elif make_psd`, the inner loops in their Python forms")
def trajax_ilqr(x0, U):
    X, U, obj, _, _, _, it = _ilqr_template(_cost, _dynamics, x0, U, **_ILQR_OPTIONS, loop="python")
    return X, U, obj, it  # (the gradient, adjoints and LQR data at the end: near zero, left out of the comparison)


_CEM_HYPERPARAMS = {'sampling_smoothing': 0.5, 'evolution_smoothing': 0.1, 'elite_portion': 0.25, 'max_iter': 4,
                    'num_samples': 16}  # not library code: a small problem


def _gaussian_args():
    U, _ = _controls()
    return random.key(3), U, jnp.full_like(U, 0.8), jnp.array([-1.0]), jnp.array([1.5])


@program(twin=lambda key, mean, stdev, lo, hi: gaussian_samples(key, mean, stdev, lo, hi, _CEM_HYPERPARAMS),
         args=_gaussian_args, grad=(1, 2), loss=jnp.sum, vmap=(None, 0, None, None, None),
         source=TRAJAX.format("optimizers.py") + ", `gaussian_samples` (smoothed Gaussian control samples: a "
         "lax.fori_loop(1, horizon) mixing each time step's noise with the previous one, then scaled, shifted and "
         "clipped), sampling_smoothing=0.5, 16 samples; the fori_loop as a for over range(1, horizon)")
def trajax_gaussian_samples(key, mean, stdev, lo, hi):
    return gaussian_samples(key, mean, stdev, lo, hi, _CEM_HYPERPARAMS, loop="python")


def _cem_args():
    U, x0 = _controls()
    return x0, U, random.key(5)


@program(twin=lambda x0, U, key: cem(_cost, _dynamics, x0, U, jnp.array([-2.0]), jnp.array([2.0]), key,
                                     _CEM_HYPERPARAMS),
         args=_cem_args, vmap=(0, None, None), rtol=1e-4,
         source=TRAJAX.format("optimizers.py") + ", `cem` (the cross-entropy method: a lax.fori_loop of max_iter=4 "
         "rounds, each gaussian_samples, the objective of each sample under jax.vmap and the elites' mean and "
         "deviation), 16 samples; the fori_loops as for loops (the objective's custom_vjp and scan kept)")
def trajax_cem(x0, U, key):
    return cem(_cost, _dynamics, x0, U, jnp.array([-2.0]), jnp.array([2.0]), key, _CEM_HYPERPARAMS,
               loop="python")


# === T5X ==============================================================================================================

# --- binary_search.py -------------------------------------------------------------------------------------------------

def int32_bsearch(batch_shape, predicate, loop="lax"):
    """Batched binary search over int32 values."""
    current_bits = jnp.zeros(batch_shape, dtype=jnp.int32)

    # bit 31 is special, because it compares in the opposite order of all other
    # bits. we use uint32 due to numpy promotion/casting rules.
    midpoint = current_bits
    predicate_satisfied = predicate(midpoint)
    current_bits = current_bits | jnp.where(
        predicate_satisfied, jnp.uint32(1 << 31), jnp.uint32(0)
    ).astype(jnp.int32)
    del midpoint, predicate_satisfied

    def loop_body(i, current_bits):
        bit_index = 30 - i
        bit = jnp.int32(1 << bit_index)
        midpoint = current_bits | bit
        predicate_satisfied = predicate(midpoint)
        current_bits = current_bits | jnp.where(
            predicate_satisfied, jnp.int32(0), bit
        )
        return current_bits

    if loop == "lax":
        current_bits = lax.fori_loop(0, 31, loop_body, current_bits)
    else:
        # loop="python": the fori_loop as a for running the body's statements
        for i in range(31):
            bit_index = 30 - i
            bit = jnp.int32(1 << bit_index)
            midpoint = current_bits | bit
            predicate_satisfied = predicate(midpoint)
            current_bits = current_bits | jnp.where(
                predicate_satisfied, jnp.int32(0), bit
            )
    return current_bits


def _monotonic_int32_to_float32_bit_pattern(x):
    non_sign_bits = jnp.int32((1 << 31) - 1)
    x = x ^ jnp.where(x < 0, non_sign_bits, jnp.int32(0))
    return x


def _monotonic_int32_to_float32(x):
    x = _monotonic_int32_to_float32_bit_pattern(x)
    return lax.bitcast_convert_type(x, jnp.float32)


def float32_bsearch(batch_shape, predicate, loop="lax"):
    """Binary search on finite float32 numbers."""
    exponent_bits = jnp.int32((1 << 31) - (1 << (31 - 8)))

    def int32_predicate(x):
        x = _monotonic_int32_to_float32_bit_pattern(x)
        is_finite = (x & exponent_bits) != exponent_bits
        predicate_on_nonfinite = x >= 0
        x_float32 = lax.bitcast_convert_type(x, jnp.float32)
        return jnp.where(is_finite, predicate(x_float32), predicate_on_nonfinite)

    result = int32_bsearch(batch_shape, int32_predicate, loop=loop)
    return _monotonic_int32_to_float32(result)


def topk_mask(x, k, replace_val, loop="lax"):
    """Sets everything to replace_val, except the top k values per batch element."""
    batch_shape = tuple(list(x.shape)[:-1])  # [batch...]

    x_for_loop = x
    reduce_axis = x.ndim - 1
    if x.ndim > 1:
        x_for_loop = jnp.swapaxes(x_for_loop, -1, -2)
        reduce_axis = x.ndim - 2

    # x: [batch..., vocab_size, batch]
    def predicate(threshold):
        # threshold: [batch...]
        threshold = -threshold
        threshold = lax.expand_dims(threshold, (reduce_axis,))
        # count_ge: [batch...]
        count_gt = jnp.sum(x_for_loop > threshold, axis=reduce_axis)
        return count_gt >= k

    # cutoff: [batch...]
    cutoff = float32_bsearch(batch_shape, predicate, loop=loop)
    cutoff = -cutoff
    # cutoff: [batch..., 1]
    cutoff = lax.expand_dims(cutoff, (cutoff.ndim,))
    return jnp.where(x >= cutoff, x, jnp.full_like(x, replace_val))


def topp_mask(logits, p, replace_val, loop="lax"):
    """Applies top-p masking to logits."""
    batch_shape = tuple(list(logits.shape)[:-1])  # [batch...]

    probs = jax.nn.softmax(logits, axis=-1)

    probs_for_reduction = probs
    reduce_axis = probs_for_reduction.ndim - 1
    if probs_for_reduction.ndim > 1:
        probs_for_reduction = jnp.swapaxes(probs_for_reduction, -1, -2)
        reduce_axis = probs_for_reduction.ndim - 2

    # probs_for_reduction: [batch..., vocab_size, batch]
    def predicate(threshold):
        # threshold: [batch...]
        threshold = lax.expand_dims(threshold, (reduce_axis,))
        probability_mass = jnp.sum(
            jnp.where(probs_for_reduction >= threshold, probs_for_reduction, 0.0),
            axis=reduce_axis,
        )
        return probability_mass < p

    # threshold: [batch...]
    threshold = float32_bsearch(batch_shape, predicate, loop=loop)
    # threshold: [batch..., 1]
    threshold = lax.expand_dims(threshold, (threshold.ndim,))
    return jnp.where(
        probs >= threshold, logits, jnp.full_like(logits, replace_val)
    )


# --- decoding.py ------------------------------------------------------------------------------------------------------

# "Effective negative infinity" constant for masking in beam search.
NEG_INF = np.array(-1.0e7)
NEG_INF_VALUE = -1.0e7

# Temperatures lower than this are considered 0.0, which is handled specially
# with a conditional.
MIN_TEMPERATURE = np.array(1e-4)


@pytree_node
class DecodingState:
    cur_index: jnp.ndarray
    sequences: jnp.ndarray
    cur_token: jnp.ndarray
    cache: Mapping[str, jnp.ndarray]


@pytree_node
class SamplingLoopState:
    step: jnp.ndarray
    cur_index: jnp.ndarray
    sequences: jnp.ndarray
    cache: Mapping[str, jnp.ndarray]
    cur_token: jnp.ndarray
    ended: jnp.ndarray
    rng: jnp.ndarray
    log_prob: jnp.ndarray


def _is_tracer(value: Any):
    return isinstance(value, jax.core.Tracer)


def _temperature_sample_single_trial(
    inputs,
    cache,
    tokens_to_logits,
    eos_id,
    prng_key,
    num_decodes=1,
    temperature=1.0,
    topk=20,
    topp=0.0,
    initial_index=None,
    max_decode_steps=None,
    rescale_log_probs=True,
    state_callback_fn=None,
    logit_callback_fn=None,
    loop="lax",
):
    """A helper function for `temperature_sample`."""

    # We can check the values of topp and topk only if they are not dynamic.
    if not (_is_tracer(topp) or _is_tracer(topk)) and topp and topk:
        raise ValueError('At most one of `topp` or `topk` may be non-zero.')

    batch_size, max_decode_len = inputs.shape

    if max_decode_steps is not None:
        # We can check the max_decode_steps bounds only if it is not dynamic.
        if not _is_tracer(max_decode_steps) and max_decode_steps > inputs.shape[1]:
            raise ValueError('Cannot decode more steps than the sequence length.')
        max_decode_len = jnp.sum(inputs != 0, axis=1) + max_decode_steps
        max_decode_len = jnp.minimum(inputs.shape[1], max_decode_len)

    extra_input_tokens = 2
    expanded_prompt_inputs = jnp.append(
        inputs,
        jnp.zeros((batch_size, extra_input_tokens), dtype=inputs.dtype),
        axis=1,
    )
    end_marker = jnp.array(eos_id)

    temperature = jnp.asarray(temperature)

    # Initialize sampling loop state.
    step = jnp.zeros((), dtype=jnp.int32)
    # initial loop PRNGKey
    rng0 = prng_key
    # the per batch-item holding current token in loop.
    if initial_index is None:
        # the per batch-item loop position counter.
        i0 = jnp.zeros((batch_size), dtype=jnp.int32)
        # the per batch-item holding current token in loop.
        token0 = jnp.zeros((batch_size, 1), dtype=jnp.int32)
    else:
        # the per batch-item loop position counter.
        i0 = initial_index
        # Select the token that the initial index is pointing to.
        token0 = jnp.take_along_axis(
            expanded_prompt_inputs, jnp.expand_dims(i0, axis=1), axis=1
        )
    # per batch-item state bit indicating if sentence has finished.
    ended0 = jnp.zeros((batch_size, 1), dtype=jnp.bool_)
    sequences0 = expanded_prompt_inputs
    log_prob0 = jnp.zeros((batch_size,), dtype=jnp.float32)
    sampling_loop_init_state = SamplingLoopState(
        step, i0, sequences0, cache, token0, ended0, rng0, log_prob0
    )
    # [batch, 1]
    initial_eos_count = jnp.sum(sequences0 == end_marker, axis=-1, keepdims=True)

    def sampling_loop_cond_fn(state):
        """Sampling loop termination condition."""
        # Have all sampled sequences reached an end marker?
        all_sequences_ended = jnp.all(state.ended)
        return ~all_sequences_ended

    def sampling_loop_body_fn(state):
        """Sampling loop state update."""

        if state_callback_fn is not None:
            state = state_callback_fn(state)

        # Split RNG for sampling.
        rng1, rng2 = random.split(state.rng)
        # Call fast-decoder model on current tokens to get next-position logits.
        # (flax.core.FrozenDict caches: flax is not installed, the caches are dicts)
        decoding_state = DecodingState(
            cur_index=state.cur_index,
            sequences=state.sequences[:, :-extra_input_tokens],
            cur_token=state.cur_token,
            cache=state.cache,
        )
        logits, new_cache = tokens_to_logits(decoding_state)
        # Sample next token from logits.

        if logit_callback_fn is not None:
            logits = logit_callback_fn(logits, state)

        def sample_logits_with_nonzero_temperature(logits, temperature):
            scaled_logits = logits / jnp.maximum(temperature, MIN_TEMPERATURE)
            if _is_tracer(topk) or topk:
                if loop == "lax":
                    scaled_logits = jax.lax.cond(
                        topk > 0,
                        lambda: topk_mask(scaled_logits, topk, NEG_INF),
                        lambda: scaled_logits,
                    )
                elif topk > 0:  # loop="python": the cond as an if
                    scaled_logits = topk_mask(scaled_logits, topk, NEG_INF, loop=loop)

            # When topp is dynamic, we always use it since we cannot check
            # non-zeroness (but it will have no effect if topp is 0.0).
            if _is_tracer(topp) or topp:
                scaled_logits = topp_mask(scaled_logits, topp, NEG_INF, loop=loop)

            # [batch]
            next_token = random.categorical(rng1, scaled_logits).astype(jnp.int32)

            # log probability of the current token conditioned on the previously
            # sampled and prefix tokens.
            # [batch, vocab] -> [batch, vocab]
            if rescale_log_probs:
                log_probs = jax.nn.log_softmax(scaled_logits)
            else:
                log_probs = jax.nn.log_softmax(logits)
            # [batch, vocab] -> [batch]
            next_log_prob = jnp.squeeze(
                jnp.take_along_axis(
                    log_probs, jnp.expand_dims(next_token, axis=1), axis=-1
                ),
                axis=-1,
            )

            return (next_token, next_log_prob)

        def sample_logits_with_zero_temperature(logits, temperature):  # pylint: disable=unused-argument
            # For zero temperature, we always want the greedy output, regardless
            # of the values of topk and topp.

            next_token = jnp.argmax(logits, -1).astype(jnp.int32)

            if rescale_log_probs:
                next_log_prob = jnp.zeros_like(next_token, dtype=jnp.float32)
            else:
                log_probs = jax.nn.log_softmax(logits)
                next_log_prob = jnp.squeeze(
                    jnp.take_along_axis(
                        log_probs, jnp.expand_dims(next_token, axis=1), axis=-1
                    ),
                    axis=-1,
                )

            return (next_token, next_log_prob)

        # Perform sampling with temperature
        if len(temperature.shape) == 1:
            # Each batch item can have different temperatures.
            def map_logits_with_different_temperatures(
                logits_batch_item, temperature_batch_item
            ):
                return lax.cond(
                    temperature_batch_item > MIN_TEMPERATURE,
                    sample_logits_with_nonzero_temperature,
                    sample_logits_with_zero_temperature,
                    jnp.expand_dims(logits_batch_item, axis=0),
                    temperature_batch_item,
                )

            (next_token, next_log_prob) = jax.vmap(
                map_logits_with_different_temperatures
            )(logits, jnp.repeat(temperature, num_decodes))
            next_token = jnp.squeeze(next_token, axis=-1)
            next_log_prob = jnp.squeeze(next_log_prob, axis=-1)
        elif loop == "lax":
            # Single temperature value is applied to all batch items.
            (next_token, next_log_prob) = lax.cond(
                temperature > MIN_TEMPERATURE,
                sample_logits_with_nonzero_temperature,
                sample_logits_with_zero_temperature,
                logits,
                temperature,
            )
        # loop="python": the cond on the temperature as an if / else
        elif temperature > MIN_TEMPERATURE:
            (next_token, next_log_prob) = sample_logits_with_nonzero_temperature(logits, temperature)
        else:
            (next_token, next_log_prob) = sample_logits_with_zero_temperature(logits, temperature)

        i = jnp.minimum(state.cur_index, max_decode_len)

        # Only use sampled tokens if we're past provided prefix tokens.
        # [batch]
        next_input_token = jnp.squeeze(
            jnp.take_along_axis(
                state.sequences, jnp.expand_dims(i + 1, axis=1), axis=1
            ),
            axis=1,
        )
        # Mask will have `1` for targets and `0` for inputs.
        out_of_prompt = next_input_token == 0
        # [batch]
        next_token = next_token * out_of_prompt + next_input_token * ~out_of_prompt

        # only add probability if outside prefix region
        # [batch] -> [batch]
        next_log_prob = state.log_prob + (
            next_log_prob * out_of_prompt
        ) * jnp.squeeze(~state.ended, axis=-1).astype(jnp.int32)

        # [batch] -> [batch, 1]
        next_token = jnp.expand_dims(next_token, axis=-1)

        # If end-marker reached for batch item, only emit padding tokens.
        # [batch, 1] * [batch, 1] -> [batch, 1]
        next_token_or_endpad = next_token * ~state.ended
        # Add current sampled tokens to recorded sequences.
        one_hot = jax.nn.one_hot(
            i + 1, state.sequences.shape[1], dtype=state.sequences.dtype
        )
        new_sequences = (
            state.sequences * (1 - one_hot) + next_token_or_endpad * one_hot
        )
        # [batch, 1]
        cur_eos_count = jnp.sum(new_sequences == end_marker, axis=-1, keepdims=True)
        has_additional_eos = cur_eos_count > initial_eos_count
        ended = (
            state.ended
            | has_additional_eos
            | jnp.expand_dims(i >= max_decode_len - 1, axis=1)
        )

        return SamplingLoopState(
            state.step + 1,
            i + 1,
            new_sequences,
            new_cache,
            next_token_or_endpad,
            ended,
            rng2,
            next_log_prob,
        )

    # Run sampling loop and collect final state.
    if loop == "lax":
        final_state = lax.while_loop(
            sampling_loop_cond_fn, sampling_loop_body_fn, sampling_loop_init_state
        )
    else:
        # loop="python": the while_loop as a Python while
        final_state = sampling_loop_init_state
        while sampling_loop_cond_fn(final_state):
            final_state = sampling_loop_body_fn(final_state)

    if state_callback_fn is not None:
        final_state = state_callback_fn(final_state)

    # Pick part of the state corresponding to the sampled sequences.
    final_sequences = final_state.sequences
    log_prob = final_state.log_prob
    # Drop the first position because they are dummy bos tokens. Drop the new
    # garbage collection token at the end too.
    return final_sequences[:, 1:-1], log_prob


def brevity_penalty(alpha, length):
    """Brevity penalty function for beam search penalizing short sequences."""
    return jnp.power(((5.0 + length) / 6.0), alpha)


def flatten_dict(xs, prefix=()):
    # Not library code: flax.traverse_util.flatten_dict for nested dicts
    flat = {}
    for key, value in xs.items():
        if isinstance(value, dict) and value:
            flat.update(flatten_dict(value, prefix + (key,)))
        else:
            flat[prefix + (key,)] = value
    return flat


def unflatten_dict(xs):
    # Not library code: flax.traverse_util.unflatten_dict
    nested = {}
    for path, value in xs.items():
        cursor = nested
        for key in path[:-1]:
            cursor = cursor.setdefault(key, {})
        cursor[path[-1]] = value
    return nested


def cache_map(fn, cache, apply_to_index: bool = False):
    """Maps function over that caches, even multiple caches in various layers."""
    flat_cache = flatten_dict(cache)
    if apply_to_index:
        keyvals = flat_cache
    else:
        keyvals = {k: v for k, v in flat_cache.items() if k[-1] != 'cache_index'}
    exclusion_list = ['cached_bias', 'position_embedder_index']
    keyvals = {k: v for k, v in keyvals.items() if k[-1] not in exclusion_list}

    keyvals = jax.tree.map(fn, keyvals)
    flat_cache.update(keyvals)
    new_cache = unflatten_dict(flat_cache)
    return new_cache


def add_beam_dim(x, beam_size: int, offset: int = 0):
    """Creates new beam dimension in non-scalar array and tiles into it."""
    x = jnp.expand_dims(x, axis=offset + 1)
    tile_dims = [1] * x.ndim
    tile_dims[offset + 1] = beam_size
    return jnp.tile(x, tile_dims)


def flatten_beam_dim(x, offset: int = 0):
    """Flattens the first two dimensions of a non-scalar array."""
    xshape = list(x.shape)
    b_sz = xshape.pop(offset)
    xshape[offset] *= b_sz
    return x.reshape(xshape)


def unflatten_beam_dim(x, batch_size: int, beam_size: int, offset: int = 0):
    """Unflattens the first, flat batch*beam dimension of a non-scalar array."""
    assert batch_size * beam_size == x.shape[offset]
    xshape = list(x.shape)
    newshape = xshape[:offset] + [batch_size, beam_size] + xshape[offset + 1:]
    return x.reshape(newshape)


def cache_gather_beams(nested, beam_indices, batch_size, old_beam_size, new_beam_size, one_hot=True, offset=0):
    """Gathers the cache beam slices indexed by beam_indices into new beam array."""
    assert offset in (0, 1), 'general offsets not supported'
    if one_hot:
        # Gather via one-hot contraction, needed for SPMD partitioning.
        oh_beam_indices = jax.nn.one_hot(
            beam_indices, old_beam_size, dtype=jnp.int32
        )
        if offset == 0:

            def gather_fn(x):
                return jnp.einsum('beo,bo...->be...', oh_beam_indices, x).astype(
                    x.dtype
                )

        else:

            def gather_fn(x):
                return jnp.einsum('beo,lbo...->lbe...', oh_beam_indices, x).astype(
                    x.dtype
                )

        return cache_map(gather_fn, nested)

    else:
        # True gather via fancy indexing.
        batch_indices = jnp.reshape(
            jnp.arange(batch_size * new_beam_size) // new_beam_size,
            (batch_size, new_beam_size),
        )
        if offset == 0:

            def gather_fn(x):
                return x[batch_indices, beam_indices]

        else:

            def gather_fn(x):
                return x[:, batch_indices, beam_indices]

        return cache_map(gather_fn, nested)


def gather_beams(nested, beam_indices, batch_size, old_beam_size, new_beam_size, one_hot=True):
    """Gathers the beam slices indexed by beam_indices into new beam array."""
    if one_hot:
        # Gather via one-hot contraction, needed for SPMD partitioning.
        oh_beam_indices = jax.nn.one_hot(
            beam_indices, old_beam_size, dtype=jnp.int32
        )

        def gather_fn(x):
            return jnp.einsum('beo,bo...->be...', oh_beam_indices, x).astype(x.dtype)

        return jax.tree.map(gather_fn, nested)
    else:
        # True gather via fancy indexing.
        batch_indices = jnp.reshape(
            jnp.arange(batch_size * new_beam_size) // new_beam_size,
            (batch_size, new_beam_size),
        )

        def gather_fn(x):
            return x[batch_indices, beam_indices]

        return jax.tree.map(gather_fn, nested)


def top_k_two_stage(x, k):
    """Wrapper around lax.top_k with low-batch optimization."""

    batch, num_samples = x.shape
    num_lanes = 128
    if isinstance(batch, int) and batch <= 8 and num_samples > 8 * num_lanes * k:
        if num_samples % num_lanes != 0:
            # Pad input tensor to multiples of num_lanes.
            num_samples_rounded_up = num_samples + (
                num_lanes - num_samples % num_lanes
            )
            x = jnp.pad(
                x,
                ((0, 0), (0, num_samples_rounded_up - num_samples)),
                mode='constant',
                constant_values=-np.inf,
            )
            num_samples = num_samples_rounded_up
        # Reshape input tensor to fill lanes.
        num_samples_sublanes = int(num_samples / num_lanes)
        x_reshaped = jnp.reshape(x, (batch * num_lanes, num_samples_sublanes))
        # First stage top_k.
        vals, indices = lax.top_k(x_reshaped, k)
        indices = jnp.reshape(indices, (batch, num_lanes, k))
        index_offsets = jnp.reshape(
            num_samples_sublanes * jnp.arange(num_lanes), (1, num_lanes, 1)
        )
        indices = jnp.reshape(
            jnp.add(index_offsets, indices), (batch, num_lanes * k)
        )
        vals = jnp.reshape(vals, (batch, num_lanes * k))
        # Second stage top_k.
        vals_s2, indices_s2 = lax.top_k(vals, k)
        indices_s2 = jnp.take_along_axis(indices, indices_s2, axis=1)
        return vals_s2, indices_s2
    else:
        # Use default TopK implementation.
        return lax.top_k(x, k)


def gather_topk_beams(nested, score_or_log_prob, batch_size, new_beam_size):
    """Gathers the top-k beam slices given by score_or_log_prob array."""
    _, topk_indices = lax.top_k(score_or_log_prob, k=new_beam_size)
    topk_indices = jnp.flip(topk_indices, axis=1)
    return gather_beams(
        nested,
        topk_indices,
        batch_size,
        score_or_log_prob.shape[1],
        new_beam_size,
    )


@pytree_node
class BeamState:
    """Holds beam search state data."""

    cur_index: jax.Array  # scalar int32: current decoded length index
    live_logprobs: jax.Array  # float32: [batch_size, beam_size]
    finished_scores: jax.Array  # float32: [batch_size, beam_size]
    live_seqs: jax.Array  # int32: [batch_size, beam_size, max_decode_len]
    finished_seqs: jax.Array  # int32: [batch_size, beam_size, max_decode_len]
    finished_flags: jax.Array  # bool: [batch_size, beam_size]
    cache: Any  # Any pytree of arrays, e.g. flax attention Cache object
    initial_index: Optional[jax.Array]


def beam_init(batch_size, beam_size, max_decode_len, cache, offset=0, live_seqs=None, initial_index=None):
    """Initializes the beam search state data structure."""
    cur_index0 = jnp.array(0)
    live_logprobs0 = jnp.tile(
        jnp.array([0.0] + [NEG_INF] * (beam_size - 1)), [batch_size, 1]
    )
    finished_scores0 = jnp.ones((batch_size, beam_size)) * NEG_INF
    live_seqs0 = (
        live_seqs
        if live_seqs is not None
        else jnp.zeros((batch_size, beam_size, max_decode_len), jnp.int32)
    )
    finished_seqs0 = jnp.zeros((batch_size, beam_size, max_decode_len), jnp.int32)
    finished_flags0 = jnp.zeros((batch_size, beam_size), jnp.bool_)
    # add beam dimension to attention cache pytree elements
    beam_cache0 = cache_map(
        lambda x: add_beam_dim(x, beam_size, offset),
        cache,
        apply_to_index=live_seqs is not None,
    )
    return BeamState(
        cur_index=cur_index0,
        live_logprobs=live_logprobs0,
        finished_scores=finished_scores0,
        live_seqs=live_seqs0,
        finished_seqs=finished_seqs0,
        finished_flags=finished_flags0,
        cache=beam_cache0,
        initial_index=initial_index,
    )


def beam_search(
    inputs,
    cache,
    tokens_to_logits: Callable,
    eos_id: int,
    num_decodes: int = 4,
    alpha: float = 0.6,
    max_decode_len: Optional[int] = None,
    max_decode_step: int = -1,
    min_log_prob: float = NEG_INF_VALUE,
    decode_rng=None,
    cache_offset: int = 0,
    initial_index=None,
    loop="lax",
):
    """Beam search for transformer machine translation."""
    del decode_rng
    beam_size = num_decodes

    batch_size = inputs.shape[0]
    end_marker = jnp.array(eos_id)
    if max_decode_len is None:
        max_decode_len = inputs.shape[1]
    # We start with a dummy token in the beginning so extend the maximum length.
    max_decode_len += 1

    right_aligned_input = None
    live_seqs = None
    if initial_index is not None:
        # (the prompt right-aligning path, `_right_align_prompts`, is left out here)
        raise NotImplementedError("initial_index")
    else:
        initial_index = jnp.zeros((batch_size,), dtype=jnp.int32)

    # initialize beam search state
    beam_search_init_state = beam_init(
        batch_size,
        beam_size,
        max_decode_len,
        cache,
        cache_offset,
        live_seqs=live_seqs,
        initial_index=initial_index,
    )

    def beam_search_loop_cond_fn(state):
        """Beam search loop termination condition."""
        cur_index = state.cur_index + jnp.min(state.initial_index)
        # Because we mutate the "i+1" position, we stop one token before the end.
        not_at_end = cur_index < max_decode_len - 1

        # If we have ran out of max number of allowed beam search steps.
        # Note braces are needed as & has higher precedence than >.
        exceed_max_decode_step = (max_decode_step > 0) & jnp.all(
            state.cur_index >= max_decode_step
        )

        # Is no further progress in the beam search possible?
        # Get the best possible scores from alive sequences.
        min_brevity_penalty = brevity_penalty(alpha, max_decode_len)
        best_live_scores = state.live_logprobs[:, -1:] / min_brevity_penalty
        # Get the worst scores from finished sequences.
        worst_finished_scores = jnp.min(
            state.finished_scores, axis=1, keepdims=True
        )
        # Mask out scores from slots without any actual finished sequences.
        worst_finished_scores = jnp.where(
            state.finished_flags, worst_finished_scores, NEG_INF
        )
        search_terminated = jnp.all(worst_finished_scores > best_live_scores)

        raw_min_log_prob = min_log_prob / min_brevity_penalty
        none_pass_min_prob_check = jnp.all(best_live_scores < raw_min_log_prob) & (
            state.cur_index > 0
        )

        return (
            not_at_end
            & (~search_terminated)
            & (~none_pass_min_prob_check)
            & (~exceed_max_decode_step)
        )

    def beam_search_loop_body_fn(state):
        """Beam search loop state update function."""
        # --> [batch * beam, 1]
        flat_ids = flatten_beam_dim(
            lax.dynamic_slice(
                state.live_seqs, (0, 0, state.cur_index), (batch_size, beam_size, 1)
            )
        )
        # {[batch, beam, ...], ...} --> {[batch * beam, ...], ...}
        flat_cache = cache_map(
            partial(flatten_beam_dim, offset=cache_offset), state.cache
        )

        # --> [batch * beam, vocab]
        decoding_state = DecodingState(
            cur_index=state.cur_index,
            sequences=flatten_beam_dim(state.live_seqs),
            cur_token=flat_ids,
            cache=flat_cache,
        )
        flat_logits, new_flat_cache = tokens_to_logits(decoding_state)

        # [batch * beam, vocab] --> [batch, beam, vocab]
        logits = unflatten_beam_dim(flat_logits, batch_size, beam_size)
        # {[batch * beam, ...], ...} --> {[batch, beam, ...], ...}
        new_cache = cache_map(
            lambda x: unflatten_beam_dim(x, batch_size, beam_size, cache_offset),
            new_flat_cache,
        )

        # Gather log probabilities from logits
        candidate_log_probs = jax.nn.log_softmax(logits)
        # --> [batch, beam, vocab]
        log_probs = candidate_log_probs + jnp.expand_dims(
            state.live_logprobs, axis=2
        )

        vocab_size = log_probs.shape[-1]

        beams_to_keep = 2 * beam_size
        # Flatten beam and vocab dimensions.
        flat_log_probs = log_probs.reshape((batch_size, beam_size * vocab_size))
        # --> [batch, 2*beams], [batch, 2*beams]
        topk_log_probs, topk_indices = top_k_two_stage(
            flat_log_probs, k=beams_to_keep
        )

        # Recover token id by modulo division.
        topk_ids = topk_indices % vocab_size
        # --> [batch_size, 1]
        next_input_token = jnp.expand_dims(inputs, axis=1).astype(jnp.int32)[
            :, :, state.cur_index + 1
        ]
        # --> [batch_size, 1]
        out_of_prompt = next_input_token == 0

        # --> [batch, 2*beams]
        inside_prompt_log_probs = jnp.concatenate(
            [
                jnp.zeros((batch_size, 1), dtype=topk_log_probs.dtype),
                jnp.full_like(topk_log_probs[:, : beams_to_keep - 1], NEG_INF),
            ],
            axis=1,
        )
        topk_log_probs = (
            topk_log_probs * out_of_prompt
            + inside_prompt_log_probs * ~out_of_prompt
        )

        topk_ids = topk_ids * out_of_prompt + next_input_token * ~out_of_prompt

        # --> [batch, 2*beams, 1]
        topk_ids = jnp.expand_dims(topk_ids, axis=2)

        # Recover the beam index by floor division.
        topk_beam_indices = topk_indices // vocab_size
        # --> [batch, 2*beams, length]
        topk_seq = gather_beams(
            state.live_seqs, topk_beam_indices, batch_size, beam_size, beams_to_keep
        )
        # --> [batch, 2*beams, length]
        topk_seq = lax.dynamic_update_slice(
            topk_seq, topk_ids, (0, 0, state.cur_index + 1)
        )

        # --> [batch, 2*beams]
        newly_finished = topk_seq[:, :, state.cur_index + 1] == end_marker
        new_log_probs = topk_log_probs + newly_finished * NEG_INF
        # --> [batch, beams]
        _, new_topk_indices = lax.top_k(new_log_probs, k=beam_size)
        new_topk_indices = jnp.flip(new_topk_indices, axis=1)
        # --> [batch, beams, length], [batch, beams]
        top_alive_seq, top_alive_log_probs = gather_beams(
            [topk_seq, new_log_probs],
            new_topk_indices,
            batch_size,
            2 * beam_size,
            beam_size,
        )

        # --> [batch, beams]
        top_alive_indices = gather_beams(
            topk_beam_indices,
            new_topk_indices,
            batch_size,
            2 * beam_size,
            beam_size,
        )
        # --> {[batch, beams, ...], ...}
        top_alive_cache = cache_gather_beams(
            new_cache,
            top_alive_indices,
            batch_size,
            beam_size,
            beam_size,
            True,
            cache_offset,
        )

        lengths = state.cur_index + 1
        # topk_lengths  --> [batch_size, 2*beams]
        topk_lengths = jnp.repeat(initial_index[:, None], beams_to_keep, axis=1)
        # lengths is now: [batch_size, 2*beams]
        lengths = topk_lengths + lengths

        new_scores = topk_log_probs / brevity_penalty(alpha, lengths)
        # --> [batch, 2*beams]
        new_scores += (~newly_finished) * NEG_INF

        finished_seqs = jnp.concatenate(  # --> [batch, 3*beams, length]
            [state.finished_seqs, topk_seq], axis=1
        )
        finished_scores = jnp.concatenate(  # --> [batch, 3*beams]
            [state.finished_scores, new_scores], axis=1
        )
        finished_flags = jnp.concatenate(  # --> [batch, 3*beams]
            [state.finished_flags, newly_finished], axis=1
        )
        # --> [batch, beams, length], [batch, beams], [batch, beams]
        top_finished_seq, top_finished_scores, top_finished_flags = (
            gather_topk_beams(
                [finished_seqs, finished_scores, finished_flags],
                finished_scores,
                batch_size,
                beam_size,
            )
        )

        return BeamState(
            cur_index=state.cur_index + 1,
            live_logprobs=top_alive_log_probs,
            finished_scores=top_finished_scores,
            live_seqs=top_alive_seq,
            finished_seqs=top_finished_seq,
            finished_flags=top_finished_flags,
            cache=top_alive_cache,
            initial_index=initial_index,
        )

    # Run while loop and get final beam search state.
    if loop == "lax":
        final_state = lax.while_loop(
            beam_search_loop_cond_fn, beam_search_loop_body_fn, beam_search_init_state
        )
    else:
        # loop="python": the while_loop as a Python while
        final_state = beam_search_init_state
        while beam_search_loop_cond_fn(final_state):
            final_state = beam_search_loop_body_fn(final_state)

    # --> [batch]
    any_finished = jnp.any(final_state.finished_flags, axis=1)
    # --> [batch, beams, length]
    finished_seqs = jnp.where(
        any_finished[:, None, None],
        final_state.finished_seqs,
        final_state.live_seqs,
    )
    # --> [batch, beams]
    finished_scores = jnp.where(
        any_finished[:, None],
        final_state.finished_scores,
        final_state.live_logprobs,
    )

    if right_aligned_input is not None:
        raise NotImplementedError("initial_index")  # (left out, above)
    else:
        # Just drop the first dummy 0 token.
        finished_seqs = finished_seqs[:, :, 1:]

    return finished_seqs, finished_scores


# --- the T5X programs -------------------------------------------------------------------------------------------------

@program(twin=lambda c: float32_bsearch(c.shape, lambda x: x * x > c), args=lambda: (jnp.array([2.0, 10.0, 0.3]),),
         vmap=(0,),
         source=T5X.format("binary_search.py") + ", `float32_bsearch` over `int32_bsearch` (a lax.fori_loop of 31 "
         "steps setting one bit of the int32 pattern each, from 1 << (30 - i), under a predicate mapped to float32 "
         "by the monotonic bit trick), finding the largest float whose square is at most c; the fori_loop as a "
         "for over range(31)")
def t5x_float32_bsearch_sqrt(c):
    return float32_bsearch(c.shape, lambda x: x * x > c, loop="python")


def _logits():
    return jnp.sin(jnp.arange(20.0) * 1.7).reshape(2, 10) * 3.0  # Not library code: two rows of logits


@program(twin=lambda x: topk_mask(x, 3, NEG_INF), args=lambda: (_logits(),), grad=(0,), loss=jnp.sum, vmap=(0,),
         source=T5X.format("binary_search.py") + ", `topk_mask` (the cutoff of the top k=3 logits per row by "
         "float32_bsearch of the count above the threshold, with its fori_loop; the rest set to NEG_INF); the "
         "fori_loop as a for over range(31)")
def t5x_topk_mask(x):
    return topk_mask(x, 3, NEG_INF, loop="python")


@program(twin=lambda x, p: topp_mask(x, p, NEG_INF), args=lambda: (_logits(), jnp.float32(0.6)), vmap=(None, 0),
         source=T5X.format("binary_search.py") + ", `topp_mask` (the smallest set of logits whose softmax mass "
         "reaches p, by float32_bsearch of the mass above the threshold, with its fori_loop), p traced; the "
         "fori_loop as a for over range(31)")
def t5x_topp_mask(x, p):
    return topp_mask(x, p, NEG_INF, loop="python")


def _bigram_model(table):
    """Not library code: a bigram model, next-token logits from a table row plus a decaying per-sequence cache."""
    def tokens_to_logits(decoding_state):
        tokens = decoding_state.cur_token[:, 0]
        bias = decoding_state.cache["decoder"]["bias"]
        logits = table[tokens] + bias
        new_cache = {"decoder": {"bias": 0.5 * bias + 0.2 * table[tokens],
                                 "cache_index": decoding_state.cache["decoder"]["cache_index"] + 1}}
        return logits, new_cache
    return tokens_to_logits


def _decoder_args():
    inputs = jnp.array([[0, 3, 5, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 0, 0]], dtype=jnp.int32)
    table = jnp.cos(jnp.arange(49.0).reshape(7, 7) * 1.3) * 2.0
    return inputs, table


def _decoder_cache(batch):
    return {"decoder": {"bias": jnp.zeros((batch, 7)), "cache_index": jnp.int32(0)}}


def _temperature_sample(inputs, table, key, temperature, loop):
    return _temperature_sample_single_trial(inputs, _decoder_cache(inputs.shape[0]), _bigram_model(table), 1, key,
                                            temperature=temperature, topk=3, loop=loop)


@program(twin=lambda inputs, table, key, t: _temperature_sample(inputs, table, key, t, "lax"),
         args=lambda: (*_decoder_args(), random.key(7), jnp.float32(0.8)), vmap=(None, None, None, 0),
         source=T5X.format("decoding.py") + ", `_temperature_sample_single_trial` (temperature sampling with "
         "teacher-forced prompts: a lax.while_loop until every sequence has ended (eos 1 or the length), its body a "
         "lax.cond on temperature > MIN_TEMPERATURE between greedy and sampled decoding, the sampled one masking "
         "the top k=3 in a lax.cond on topk > 0 with topk_mask's fori_loop), a bigram model; the while_loop as a "
         "Python while, the conds as if / else")
def t5x_temperature_sample(inputs, table, key, temperature):
    return _temperature_sample(inputs, table, key, temperature, "python")


def _beam_search(inputs, table, loop):
    return beam_search(inputs, _decoder_cache(inputs.shape[0]), _bigram_model(table), 1, num_decodes=3, loop=loop)


@program(twin=lambda inputs, table: _beam_search(inputs, table, "lax"), args=_decoder_args, vmap=(None, 0),
         source=T5X.format("decoding.py") + ", `beam_search` (3 beams: a lax.while_loop while not at the end, some "
         "live beam can still beat the worst finished one, a live beam passes min_log_prob and max_decode_step is "
         "not exceeded; its body the top 2k candidates, the live and finished beams regathered by one-hot "
         "contraction, the cache with them), a bigram model; the while_loop as a Python while")
def t5x_beam_search(inputs, table):
    return _beam_search(inputs, table, "python")


# === QDax =============================================================================================================

# --- qdax/tasks/qd_suite/archimedean_spiral.py ------------------------------------------------------------------------

class ParameterizationGenotype(Enum):
    angle = "angle"
    arc_length = "arc_length"


class ArchimedeanDescriptor(Enum):
    euclidean = "euclidean"
    geodesic = "geodesic"


class ArchimedeanSpiralV0:
    def __init__(
        self,
        parameterization: ParameterizationGenotype,
        archimedean_descriptor: ArchimedeanDescriptor,
        amplitude: float = 0.01,
        precision: Optional[float] = None,
        alpha: float = 40.0,
    ):
        self.parameterization = parameterization
        self.archimedean_descriptor = archimedean_descriptor
        self.amplitude = amplitude
        if precision is None:
            self.precision = alpha * jnp.pi / 1e7
        else:
            self.precision = precision
        self.alpha = alpha

    def _gamma(self, angle):
        return jnp.hstack(
            [
                self.amplitude * angle * jnp.cos(angle),
                self.amplitude * angle * jnp.sin(angle),
            ]
        )

    def get_arc_length(self, angle):
        return (self.amplitude / 2) * (
            angle * jnp.sqrt(1 + jnp.power(angle, 2))
            + jnp.log(angle + jnp.sqrt(1 + jnp.power(angle, 2)))
        )

    def _cond_fun(self, elem):
        inf, sup, target = elem
        return (sup - inf) > self.precision

    def _body_fun(self, elem):
        inf, sup, target_angle_length = elem
        middle = (sup + inf) / 2.0
        arc_length_middle = self.get_arc_length(middle)
        new_inf, new_sup = jax.lax.cond(
            target_angle_length < arc_length_middle,
            lambda: (inf, middle),
            lambda: (middle, sup),
        )
        return new_inf, new_sup, target_angle_length

    def _approximate_angle_from_arc_length(self, target_arc_length):
        inf, sup, _ = jax.lax.while_loop(
            self._cond_fun,
            self._body_fun,
            init_val=(0.0, self.alpha * jnp.pi, target_arc_length),
        )
        middle = (sup + inf) / 2.0
        return jnp.asarray(middle)

    def evaluation(self, params):
        constant_fitness = jnp.asarray(1.0)

        if (
            self.archimedean_descriptor == ArchimedeanDescriptor.geodesic
            and self.parameterization == ParameterizationGenotype.arc_length
        ):
            arc_length = params
            return constant_fitness, arc_length
        elif (
            self.archimedean_descriptor == ArchimedeanDescriptor.geodesic
            and self.parameterization == ParameterizationGenotype.angle
        ):
            angle = params
            arc_length = self.get_arc_length(angle)
            return constant_fitness, arc_length
        elif (
            self.archimedean_descriptor == ArchimedeanDescriptor.euclidean
            and self.parameterization == ParameterizationGenotype.arc_length
        ):
            arc_length = params
            angle = self._approximate_angle_from_arc_length(arc_length[0])
            euclidean_descriptor = self._gamma(angle)
            return constant_fitness, euclidean_descriptor
        elif (
            self.archimedean_descriptor == ArchimedeanDescriptor.euclidean
            and self.parameterization == ParameterizationGenotype.angle
        ):
            angle = params
            return constant_fitness, self._gamma(angle)
        else:
            raise ValueError("Invalid parameterization and/or Descriptor")


class ArchimedeanSpiralV0Py(ArchimedeanSpiralV0):
    # Not library code: the task with its while_loop as a Python while and its cond as if / else
    def _body_fun(self, elem):
        inf, sup, target_angle_length = elem
        middle = (sup + inf) / 2.0
        arc_length_middle = self.get_arc_length(middle)
        if target_angle_length < arc_length_middle:
            new_inf, new_sup = inf, middle
        else:
            new_inf, new_sup = middle, sup
        return new_inf, new_sup, target_angle_length

    def _approximate_angle_from_arc_length(self, target_arc_length):
        elem = (0.0, self.alpha * jnp.pi, target_arc_length)
        while self._cond_fun(elem):
            elem = self._body_fun(elem)
        inf, sup, _ = elem
        middle = (sup + inf) / 2.0
        return jnp.asarray(middle)


_SPIRAL = (ParameterizationGenotype.arc_length, ArchimedeanDescriptor.euclidean)


@program(twin=lambda params: ArchimedeanSpiralV0(*_SPIRAL).evaluation(params), args=lambda: (jnp.array([9.0]),),
         vmap=(0,), rtol=1e-3,
         source=QDAX.format("qdax/tasks/qd_suite/archimedean_spiral.py") + ", `ArchimedeanSpiralV0.evaluation` "
         "with the arc-length genotype and the Euclidean descriptor (`_approximate_angle_from_arc_length`: "
         "bisection for the angle, a lax.while_loop from Python floats (0.0, alpha * pi) while the bracket is wider "
         "than the precision, its body a lax.cond halving it); the while_loop as a Python while, the cond as "
         "if / else")
def qdax_archimedean_spiral(params):
    return ArchimedeanSpiralV0Py(*_SPIRAL).evaluation(params)


# --- qdax/tasks/qd_suite/ssf.py ---------------------------------------------------------------------------------------

class SsfV0:
    def __init__(
        self,
        param_size: int,
    ):
        self.param_size = param_size

    def evaluation(
        self,
        params,
    ):
        norm = jnp.linalg.norm(params, ord=2)
        r_2k_plus_1, _, k = self._get_k(params)
        index = jnp.floor(norm / r_2k_plus_1)
        descriptor = jax.lax.cond(index == 0.0, lambda: norm, lambda: r_2k_plus_1)
        constant_fitness = jnp.asarray(1.0)
        descriptor = jnp.asarray(descriptor).reshape((self.get_descriptor_size(),))
        return constant_fitness, descriptor

    def get_descriptor_size(self) -> int:
        return 1

    def _get_k(self, params):
        norm_params = jnp.linalg.norm(params, ord=2)
        init_k = 0
        r_0 = 0.0
        r_1 = r_0 + self._get_r_add_odd(init_k)
        (r_2k, r_2k_plus_1), norm, k = jax.lax.while_loop(
            self._cond_fun, self._body_fun, ((0.0, r_1), norm_params, init_k)
        )
        return r_2k_plus_1, norm, k

    def _cond_fun(self, elem):
        (r_2k, r_2k_plus_1), norm, k = elem
        return r_2k_plus_1 + self._get_r_add_even(k + 1) < norm

    def _body_fun(self, elem):
        (r_2k, r_2k_plus_1), norm, k = elem
        k_plus_1 = k + 1
        r_2k_plus_2 = r_2k_plus_1 + self._get_r_add_even(k_plus_1)
        r_2k_plus_3 = r_2k_plus_2 + self._get_r_add_odd(k_plus_1)
        return (r_2k_plus_2, r_2k_plus_3), norm, k + 1

    def _get_r_add_odd(self, k: int) -> float:
        return 2 * (k**3) + 1

    def _get_r_add_even(self, k: int) -> float:
        return 2 * ((k - 1) ** 3) + 1


class SsfV0Py(SsfV0):
    # Not library code: the task with its while_loop as a Python while and its cond as if / else
    def evaluation(self, params):
        norm = jnp.linalg.norm(params, ord=2)
        r_2k_plus_1, _, k = self._get_k(params)
        index = jnp.floor(norm / r_2k_plus_1)
        if index == 0.0:
            descriptor = norm
        else:
            descriptor = r_2k_plus_1
        constant_fitness = jnp.asarray(1.0)
        descriptor = jnp.asarray(descriptor).reshape((self.get_descriptor_size(),))
        return constant_fitness, descriptor

    def _get_k(self, params):
        norm_params = jnp.linalg.norm(params, ord=2)
        init_k = 0
        r_0 = 0.0
        r_1 = r_0 + self._get_r_add_odd(init_k)
        elem = ((0.0, r_1), norm_params, init_k)
        while self._cond_fun(elem):
            elem = self._body_fun(elem)
        (r_2k, r_2k_plus_1), norm, k = elem
        return r_2k_plus_1, norm, k


@program(twin=lambda params: SsfV0(param_size=3).evaluation(params), args=lambda: (jnp.array([12.0, -9.0, 11.0]),),
         jvp=(0,), vmap=(0,),
         source=QDAX.format("qdax/tasks/qd_suite/ssf.py") + ", `SsfV0.evaluation` (the self-similar function's "
         "level: `_get_k`, a lax.while_loop from Python numbers ((0.0, 1.0), norm, 0) adding odd and even radii "
         "while the next radius is below the norm, then a lax.cond between the norm and the radius); the "
         "while_loop as a Python while, the cond as if / else")
def qdax_ssf(params):
    return SsfV0Py(param_size=3).evaluation(params)


# --- qdax/core/containers/nsga2_repertoire.py, ga_repertoire.py, qdax/utils/pareto_front.py ---------------------------

def compute_masked_pareto_dominance(criteria_point, batch_of_criteria, mask):
    diff = jnp.subtract(batch_of_criteria, criteria_point)
    neutral_values = -jnp.ones_like(diff)
    diff = jax.vmap(lambda x1, x2: jnp.where(mask, x1, x2), in_axes=(1, 1), out_axes=1)(
        neutral_values, diff
    )
    diff_greater_than_zero = jnp.any(diff > 0, axis=-1)
    diff_geq_than_zero = jnp.all(diff >= 0, axis=-1)

    return jnp.any(jnp.logical_and(diff_greater_than_zero, diff_geq_than_zero))


def compute_masked_pareto_front(batch_of_criteria, mask):
    func = jax.vmap(
        lambda x: ~compute_masked_pareto_dominance(x, batch_of_criteria, mask)
    )
    return func(batch_of_criteria) * ~mask


@pytree_node
class NSGA2Repertoire:
    """Repertoire used for the NSGA2 algorithm (GARepertoire's fields and the members `add` reads)."""

    genotypes: Any
    fitnesses: Any
    extra_scores: Any
    keys_extra_scores: tuple = dataclasses.field(default=(), metadata=dict(static=True))

    @property
    def size(self) -> int:
        """Gives the size of the population."""
        first_leaf = jax.tree.leaves(self.genotypes)[0]
        return int(first_leaf.shape[0])

    def filter_extra_scores(self, extra_scores):
        filtered_extra_scores = {
            key: value
            for key, value in extra_scores.items()
            if key in self.keys_extra_scores
        }
        return filtered_extra_scores

    def _compute_crowding_distances(self, fitnesses, mask):
        # Retrieve only non masked solutions
        num_solutions = fitnesses.shape[0]
        num_objective = fitnesses.shape[1]
        if num_solutions <= 2:
            return jnp.array([jnp.inf] * num_solutions)

        else:
            # Sort solutions on each objective
            mask_dist = jnp.column_stack([mask] * fitnesses.shape[1])
            score_amplitude = jnp.max(fitnesses, axis=0) - jnp.min(fitnesses, axis=0)
            dist_fitnesses = (
                fitnesses + 3 * score_amplitude * jnp.ones_like(fitnesses) * mask_dist
            )
            sorted_index = jnp.argsort(dist_fitnesses, axis=0)
            srt_fitnesses = fitnesses[sorted_index, jnp.arange(num_objective)]

            # Calculate the norm for each objective - set to NaN if all values are equal
            norm = jnp.max(srt_fitnesses, axis=0) - jnp.min(srt_fitnesses, axis=0)

            # get the distances
            dists = jnp.vstack(
                [srt_fitnesses, jnp.full(num_objective, jnp.inf)]
            ) - jnp.vstack([jnp.full(num_objective, -jnp.inf), srt_fitnesses])

            # Prepare the distance to last and next vectors
            dist_to_last, dist_to_next = dists, dists
            dist_to_last = dists[:-1] / norm
            dist_to_next = dists[1:] / norm

            # Sum up the distances and reorder
            j = jnp.argsort(sorted_index, axis=0)
            crowding_distances = (
                jnp.sum(
                    (
                        dist_to_last[j, jnp.arange(num_objective)]
                        + dist_to_next[j, jnp.arange(num_objective)]
                    ),
                    axis=1,
                )
                / num_objective
            )

            return crowding_distances

    def add(self, batch_of_genotypes, batch_of_fitnesses, batch_of_extra_scores=None, loop="lax"):
        """Implements the repertoire addition rules (successive Pareto fronts, then crowding distances)."""

        if batch_of_extra_scores is None:
            batch_of_extra_scores = {}

        # All the candidates
        candidates = jax.tree.map(
            lambda x, y: jnp.concatenate((x, y), axis=0),
            self.genotypes,
            batch_of_genotypes,
        )

        candidate_fitnesses = jnp.concatenate((self.fitnesses, batch_of_fitnesses))

        first_leaf = jax.tree.leaves(candidates)[0]
        num_candidates = first_leaf.shape[0]

        def compute_current_front(val):
            to_keep_index, _ = val

            # mask the individual that are already kept
            front_index = compute_masked_pareto_front(
                candidate_fitnesses, mask=to_keep_index
            )

            # Add new indexes
            to_keep_index = to_keep_index + front_index

            # Update front & number of solutions
            return to_keep_index, front_index

        def condition_fn_1(val):
            to_keep_index, _ = val
            return sum(to_keep_index) < self.size  # type: ignore

        # get indexes of all first successive fronts and indexes of the last front
        init_1 = (jnp.zeros(num_candidates, dtype=bool), jnp.zeros(num_candidates, dtype=bool))
        if loop == "lax":
            to_keep_index, front_index = jax.lax.while_loop(
                condition_fn_1,
                compute_current_front,
                init_1,
            )
        else:
            # loop="python": the while_loop as a Python while, its test inline
            to_keep_index, front_index = init_1
            while sum(to_keep_index) < self.size:
                to_keep_index, front_index = compute_current_front((to_keep_index, front_index))

        # remove the indexes of the last front - gives first indexes to keep
        new_index = jnp.arange(start=1, stop=len(to_keep_index) + 1) * to_keep_index
        new_index = new_index * (~front_index)
        to_keep_index = new_index > 0

        # Compute crowding distances
        crowding_distances = self._compute_crowding_distances(
            candidate_fitnesses, ~front_index
        )
        crowding_distances = crowding_distances * (front_index)
        highest_dist = jnp.argsort(crowding_distances)

        def add_to_front(val):
            front_index, num = val
            front_index = front_index.at[highest_dist[-num]].set(True)
            num = num + 1
            val = front_index, num
            return val

        def condition_fn_2(val):
            front_index, _ = val
            return sum(to_keep_index + front_index) < self.size  # type: ignore

        # add the individuals with the highest distances
        if loop == "lax":
            front_index, _num = jax.lax.while_loop(
                condition_fn_2,
                add_to_front,
                (jnp.zeros(num_candidates, dtype=bool), 0),
            )
        else:
            # loop="python": the while_loop as a Python while, its test inline
            front_index, _num = jnp.zeros(num_candidates, dtype=bool), 0
            while sum(to_keep_index + front_index) < self.size:
                front_index = front_index.at[highest_dist[-_num]].set(True)
                _num = _num + 1

        # update index
        to_keep_index = to_keep_index + front_index

        # go from boolean vector to indices - offset by 1
        indices = jnp.arange(start=1, stop=num_candidates + 1) * to_keep_index

        # get rid of the zeros (that correspond to the False from the mask)
        fake_indice = num_candidates + 1  # bigger than all the other indices
        indices = jnp.where(indices == 0, fake_indice, indices)

        # sort the indices to remove the fake indices
        indices = jnp.sort(indices)[: self.size]

        # remove the offset
        indices = indices - 1

        # keep only the survivors
        new_candidates = jax.tree.map(lambda x: x[indices], candidates)
        new_scores = candidate_fitnesses[indices]

        filtered_batch_of_extra_scores = self.filter_extra_scores(batch_of_extra_scores)
        new_extra_scores = jax.tree.map(
            lambda x: x[indices], filtered_batch_of_extra_scores
        )
        new_repertoire = self.replace(
            genotypes=new_candidates,
            fitnesses=new_scores,
            extra_scores=new_extra_scores,
        )

        return new_repertoire  # type: ignore


def _nsga2_args():
    # Not library code: a population of 6 with two objectives, and 6 offspring
    k1, k2, k3, k4 = random.split(random.key(11), 4)
    return (random.normal(k1, (6, 3)), random.normal(k2, (6, 2)),
            random.normal(k3, (6, 3)), random.normal(k4, (6, 2)))


@program(twin=lambda g, f, bg, bf: NSGA2Repertoire(g, f, {}).add(bg, bf), args=_nsga2_args, vmap=(None, None, None, 0),
         source=QDAX.format("qdax/core/containers/nsga2_repertoire.py") + ", `NSGA2Repertoire.add` (NSGA-II's "
         "survivors: a lax.while_loop adding successive masked Pareto fronts while a Python sum over the kept mask "
         "is below the population size, then a lax.while_loop adding the last front's members by crowding "
         "distance while the Python sum of both masks is below it); the while_loops as Python whiles, their "
         "tests inline")
def qdax_nsga2_add(genotypes, fitnesses, batch_genotypes, batch_fitnesses):
    return NSGA2Repertoire(genotypes, fitnesses, {}).add(batch_genotypes, batch_fitnesses, loop="python")


# --- qdax/core/containers/archive.py ----------------------------------------------------------------------------------

@pytree_node
class Archive:
    """Stores jax.Array in a way that makes insertion jittable."""

    data: jax.Array  # initialised with nan everywhere
    current_position: int
    acceptance_threshold: float
    state_descriptor_size: int
    max_size: int

    @classmethod
    def create(cls, acceptance_threshold, state_descriptor_size, max_size):
        init_data = jnp.ones((max_size, state_descriptor_size)) * jnp.nan
        return cls(  # type: ignore
            data=init_data,
            current_position=0,
            acceptance_threshold=acceptance_threshold,
            state_descriptor_size=state_descriptor_size,
            max_size=max_size,
        )

    def _single_insertion(self, state_descriptor):
        new_current_position = self.current_position + 1
        new_data = jax.lax.dynamic_update_slice_in_dim(
            self.data,
            state_descriptor.reshape(1, -1),
            start_index=self.current_position % self.max_size,
            axis=0,
        )

        return self.replace(  # type: ignore
            current_position=new_current_position, data=new_data
        )

    def _conditioned_single_insertion(self, condition, state_descriptor, loop="lax"):
        def true_fun(archive, state_descriptor):
            return archive._single_insertion(state_descriptor), state_descriptor

        def false_fun(archive, state_descriptor):
            return archive, jnp.ones_like(state_descriptor) * jnp.nan

        if loop == "lax":
            return jax.lax.cond(  # type: ignore
                condition, true_fun, false_fun, self, state_descriptor
            )
        # loop="python": the cond as if / else
        if condition:
            return self._single_insertion(state_descriptor), state_descriptor
        else:
            return self, jnp.ones_like(state_descriptor) * jnp.nan

    def insert(self, state_descriptors, loop="lax"):
        state_descriptors = state_descriptors.reshape((-1, state_descriptors.shape[-1]))

        # get nearest neighbor for each new state descriptor
        values, _indices = knn(self.data, state_descriptors, 1, loop=loop)

        # get indices where distance bigger than threshold
        relevant_indices = jnp.where(values.squeeze() > self.acceptance_threshold, 0, 1)

        def iterate_fn(carry, condition_data):
            archive, new_elements, index = carry

            first_condition = condition_data["condition"]
            state_descriptor = condition_data["state_descriptor"]

            # do the filtering among the added elements
            # get nearest neighbor for each new state descriptor
            values, _indices = knn(new_elements, state_descriptor.reshape(1, -1), 1)

            # get indices where distance bigger than threshold
            not_too_close = jnp.where(
                values.squeeze() > self.acceptance_threshold, 0, 1
            )
            second_condition = not_too_close.sum()
            condition = (first_condition + second_condition) == 0

            new_archive, added_element = archive._conditioned_single_insertion(
                condition, state_descriptor
            )
            new_elements = new_elements.at[index].set(added_element)
            index += 1

            return (
                (new_archive, new_elements, index),
                (),
            )

        new_elements = jnp.ones_like(state_descriptors) * jnp.nan

        # iterate over the indices
        if loop == "lax":
            (new_archive, _, _), _ = jax.lax.scan(
                iterate_fn,
                (self, new_elements, 0),
                {
                    "condition": relevant_indices,
                    "state_descriptor": state_descriptors,
                },
            )
            return new_archive  # type: ignore

        # loop="python": the scan as a for over its xs running the body's statements
        new_archive, index = self, 0
        for first_condition, state_descriptor in zip(relevant_indices, state_descriptors):
            values, _indices = knn(new_elements, state_descriptor.reshape(1, -1), 1, loop=loop)
            not_too_close = jnp.where(
                values.squeeze() > self.acceptance_threshold, 0, 1
            )
            second_condition = not_too_close.sum()
            condition = (first_condition + second_condition) == 0

            new_archive, added_element = new_archive._conditioned_single_insertion(
                condition, state_descriptor, loop=loop
            )
            new_elements = new_elements.at[index].set(added_element)
            index += 1
        return new_archive


def knn(data, new_data, k, loop="lax"):
    """K nearest neighbors - Brute force implementation. Using euclidean distance."""

    # compute distances
    dist = (
        (new_data**2).sum(-1)[:, None]
        + (data**2).sum(-1)[None, :]
        - 2 * new_data @ data.T
    )

    dist = jnp.nan_to_num(dist, nan=jnp.inf)

    # clipping necessary - numerical approx make some distancies negative
    dist = jnp.sqrt(jnp.clip(dist, min=0.0))

    # return values, indices
    values, indices = qdax_top_k(-dist, k=k, loop=loop)

    return -values, indices


def qdax_top_k(data, k, loop="lax"):
    """Returns the top k elements of an array."""

    def top_1(data):
        indice = jnp.argmax(data, axis=1)
        value = jax.vmap(lambda x, y: x[y])(data, indice)
        data = jax.vmap(lambda x, y: x.at[y].set(-jnp.inf))(data, indice)

        return data, value, indice

    def scannable_top_1(carry, _):
        data = carry
        data, value, indice = top_1(data)
        return data, (value, indice)

    if loop == "lax":
        data, (values, indices) = jax.lax.scan(scannable_top_1, data, (), k)
    else:
        # loop="python": the scan with no xs as a for over range(k), the outputs appended and stacked
        values, indices = [], []
        for _ in range(k):
            data, value, indice = top_1(data)
            values.append(value)
            indices.append(indice)
        values, indices = jnp.stack(values), jnp.stack(indices)

    return values.T, indices.T


def _archive_args():
    # Not library code: an archive of 8 two-dimensional descriptors holding 3, and 6 new ones (some close together)
    data = jnp.full((8, 2), jnp.nan).at[:3].set(jnp.array([[0.0, 0.0], [1.0, 0.0], [0.0, 1.0]]))
    new = jnp.array([[0.1, 0.1], [2.0, 2.0], [2.1, 2.0], [-1.5, 0.5], [3.0, -1.0], [0.9, 0.2]])
    return data, new


def _archive(data):
    return Archive(data=data, current_position=3, acceptance_threshold=0.5, state_descriptor_size=2, max_size=8)


@program(twin=lambda data, new: _archive(data).insert(new), args=_archive_args, vmap=(None, 0),
         source=QDAX.format("qdax/core/containers/archive.py") + ", `Archive.insert` (novelty archive insertion: a "
         "lax.scan over the new descriptors carrying the archive, a registered dataclass whose current_position "
         "starts a Python int, each step a lax.cond inserting the descriptor if far from the archive and from "
         "those just added, `knn`'s top-1 a lax.scan); the scan as a for over zip(conditions, descriptors), the "
         "cond as if / else")
def qdax_archive_insert(data, new):
    return _archive(data).insert(new, loop="python")


@program(twin=lambda data, new: knn(data, new, 3), args=lambda: (_archive_args()[1], _archive_args()[1][:4] + 0.3),
         grad=(1,), loss=lambda out: jnp.sum(out[0]), vmap=(None, 0),
         source=QDAX.format("qdax/core/containers/archive.py") + ", `knn` with k=3 (`qdax_top_k`: a lax.scan "
         "with no xs, length k, each step the row-wise argmax taken out with -inf); the scan as a for over "
         "range(k) appending, then stacked")
def qdax_knn(data, new):
    return knn(data, new, 3, loop="python")


# --- qdax/baselines/cmaes.py, tests/baselines_test/cmaes_test.py ------------------------------------------------------

@pytree_node
class CMAESState:
    mean: jax.Array
    cov_matrix: jax.Array
    num_updates: int
    sigma: float
    p_c: jax.Array
    p_s: jax.Array
    eigen_updates: int
    eigenvalues: jax.Array
    invsqrt_cov: jax.Array


class CMAES:
    """Class to run the CMA-ES algorithm."""

    loop = "lax"  # Not library code: CMAESPy below writes the eigendecomposition's lax.cond as if / elif / else

    def __init__(
        self,
        population_size: int,
        search_dim: int,
        fitness_function: Callable,
        num_best: Optional[int] = None,
        init_sigma: float = 1e-3,
        mean_init: Optional[jax.Array] = None,
        bias_weights: bool = True,
        delay_eigen_decomposition: bool = False,
    ):
        self._population_size = population_size
        self._search_dim = search_dim
        self._fitness_function = fitness_function
        self._init_sigma = init_sigma

        # Default values if values are not provided
        if num_best is None:
            self._num_best = population_size // 2
        else:
            self._num_best = num_best

        if mean_init is None:
            self._mean_init = jnp.zeros(shape=(search_dim,))
        else:
            self._mean_init = mean_init

        # weights parameters
        if bias_weights:
            # heuristic from Nicolas Hansen original implementation
            self._weights = jnp.log(
                (self._num_best + 0.5) / jnp.arange(start=1, stop=(self._num_best + 1))
            )
        else:
            self._weights = jnp.ones(self._num_best)

        # scale weights
        self._weights = self._weights / (self._weights.sum())
        self._parents_eff = 1 / (self._weights**2).sum()

        # adaptation  parameters
        self._c_s = (self._parents_eff + 2) / (self._search_dim + self._parents_eff + 5)
        self._c_c = (4 + self._parents_eff / self._search_dim) / (
            self._search_dim + 4 + 2 * self._parents_eff / self._search_dim
        )

        # learning rate for rank-1 update of C
        self._c_1 = 2 / (self._parents_eff + (self._search_dim + jnp.sqrt(2)) ** 2)

        # learning rate for rank-(num best) updates
        tmp = 2 * (self._parents_eff - 2 + 1 / self._parents_eff)
        self._c_cov = min(
            1 - self._c_1, tmp / (self._parents_eff + (self._search_dim + 2) ** 2)
        )

        # damping for sigma
        self._d_s = (
            1
            + 2 * max(0, jnp.sqrt((self._parents_eff - 1) / (self._search_dim + 1)) - 1)
            + self._c_s
        )
        self._chi = jnp.sqrt(self._search_dim) * (
            1 - 1 / (4 * self._search_dim) + 1 / (21 * self._search_dim**2)
        )

        # threshold for new eigen decomposition - from pyribs
        self._eigen_comput_period = 1
        if delay_eigen_decomposition:
            self._eigen_comput_period = (
                0.5
                * self._population_size
                / (self._search_dim * (self._c_1 + self._c_cov))
            )

    def init(self):
        # initial cov matrix
        cov_matrix = jnp.eye(self._search_dim)

        # initial inv sqrt of the cov matrix - cov is already diag
        invsqrt_cov = jnp.diag(1 / jnp.sqrt(jnp.diag(cov_matrix)))

        return CMAESState(
            mean=self._mean_init,
            cov_matrix=cov_matrix,
            sigma=self._init_sigma,
            num_updates=0,
            p_c=jnp.zeros(shape=(self._search_dim,)),
            p_s=jnp.zeros(shape=(self._search_dim,)),
            eigen_updates=0,
            eigenvalues=jnp.ones(shape=(self._search_dim,)),
            invsqrt_cov=invsqrt_cov,
        )

    def sample(self, cmaes_state, key):
        samples = jax.random.multivariate_normal(
            key,
            shape=(self._population_size,),
            mean=cmaes_state.mean,
            cov=(cmaes_state.sigma**2) * cmaes_state.cov_matrix,
        )
        return samples

    def update_state(self, cmaes_state, sorted_candidates):
        return self._update_state(  # type: ignore
            cmaes_state=cmaes_state,
            sorted_candidates=sorted_candidates,
            weights=self._weights,
        )

    def _update_state(self, cmaes_state, sorted_candidates, weights):
        # retrieve elements from the current state
        p_c = cmaes_state.p_c
        p_s = cmaes_state.p_s
        sigma = cmaes_state.sigma
        num_updates = cmaes_state.num_updates
        cov = cmaes_state.cov_matrix
        mean = cmaes_state.mean

        eigen_updates = cmaes_state.eigen_updates
        eigenvalues = cmaes_state.eigenvalues
        invsqrt_cov = cmaes_state.invsqrt_cov

        # update mean by recombination
        old_mean = mean
        mean = weights @ sorted_candidates

        def update_eigen(operand):

            # unpack data
            cov, num_updates = operand

            # enforce symmetry - did not change anything
            cov = jnp.triu(cov) + jnp.triu(cov, 1).T

            # get eigen decomposition: eigenvalues, eigenvectors
            eig, u = jnp.linalg.eigh(cov)

            # compute new invsqrt
            invsqrt = u @ jnp.diag(1 / jnp.sqrt(eig)) @ u.T

            # update the eigen value decomposition tracker
            eigen_updates = num_updates

            return eigen_updates, eig, invsqrt

        # condition for recomputing the eig decomposition
        eigen_condition = (num_updates - eigen_updates) >= self._eigen_comput_period

        # decomposition of cov
        if self.loop == "lax":
            eigen_updates, eigenvalues, invsqrt = jax.lax.cond(
                eigen_condition,
                update_eigen,
                lambda _: (eigen_updates, eigenvalues, invsqrt_cov),
                operand=(cov, num_updates),
            )
        elif eigen_condition:  # the Python form: the cond as if / else
            eigen_updates, eigenvalues, invsqrt = update_eigen((cov, num_updates))
        else:
            eigen_updates, eigenvalues, invsqrt = (eigen_updates, eigenvalues, invsqrt_cov)

        z = (1 / sigma) * (mean - old_mean)
        z_w = invsqrt @ z

        # update evolution paths - cumulation
        p_s = (1 - self._c_s) * p_s + jnp.sqrt(
            self._c_s * (2 - self._c_s) * self._parents_eff
        ) * z_w

        tmp_1 = jnp.linalg.norm(p_s) / jnp.sqrt(
            1 - (1 - self._c_s) ** (2 * num_updates)
        ) <= self._chi * (1.4 + 2 / (self._search_dim + 1))

        p_c = (1 - self._c_c) * p_c + tmp_1 * jnp.sqrt(
            self._c_c * (2 - self._c_c) * self._parents_eff
        ) * z

        # update covariance matrix
        pp_c = jnp.expand_dims(p_c, axis=1)

        coeff_tmp = (sorted_candidates - old_mean) / sigma
        cov_rank = coeff_tmp.T @ jnp.diag(weights.squeeze()) @ coeff_tmp

        cov = (
            (1 - self._c_cov - self._c_1) * cov
            + self._c_1
            * (pp_c @ pp_c.T + (1 - tmp_1) * self._c_c * (2 - self._c_c) * cov)
            + self._c_cov * cov_rank
        )

        # update step size
        sigma = sigma * jnp.exp(
            (self._c_s / self._d_s) * (jnp.linalg.norm(p_s) / self._chi - 1)
        )

        cmaes_state = CMAESState(
            mean=mean,
            cov_matrix=cov,
            sigma=sigma,
            num_updates=num_updates + 1,
            p_c=p_c,
            p_s=p_s,
            eigen_updates=eigen_updates,
            eigenvalues=eigenvalues,
            invsqrt_cov=invsqrt,
        )

        return cmaes_state

    def update(self, cmaes_state, samples):
        fitnesses = -self._fitness_function(samples)
        idx_sorted = jnp.argsort(fitnesses)
        sorted_candidates = samples[idx_sorted[: self._num_best]]

        new_state = self.update_state(cmaes_state, sorted_candidates)

        return new_state  # type: ignore

    def stop_condition(self, cmaes_state):
        # NaN appears because of float precision is reached
        nan_condition = jnp.sum(jnp.isnan(cmaes_state.eigenvalues)) > 0

        eig_dispersion = jnp.max(cmaes_state.eigenvalues) / jnp.min(
            cmaes_state.eigenvalues
        )
        first_condition = eig_dispersion > 1e14

        area = cmaes_state.sigma * jnp.sqrt(jnp.max(cmaes_state.eigenvalues))
        second_condition = area < 1e-11

        third_condition = jnp.max(cmaes_state.eigenvalues) < 1e-7
        fourth_condition = jnp.min(cmaes_state.eigenvalues) > 1e7

        return (  # type: ignore
            nan_condition
            + first_condition
            + second_condition
            + third_condition
            + fourth_condition
        )


class CMAESPy(CMAES):
    loop = "python"  # Not library code (see CMAES.loop)


_CMAES_ITERATIONS = 30  # the test's num_iterations is 10000, its dimension 100 and batch 36


def _sphere_cmaes(cls):
    # tests/baselines_test/cmaes_test.py's setting, smaller
    num_dimensions = 4
    batch_size = 12
    num_best = 6
    sigma_g = 0.5
    minval = -5.12

    def sphere_scoring(x):
        return -jnp.sum((x + minval * 0.4) * (x + minval * 0.4), axis=-1)

    return cls(
        population_size=batch_size,
        num_best=num_best,
        search_dim=num_dimensions,
        fitness_function=sphere_scoring,
        mean_init=jnp.zeros((num_dimensions,)),
        init_sigma=sigma_g,
        delay_eigen_decomposition=True,
    ), sphere_scoring


def _cmaes_twin(key):
    # Not library code: the test's loop (its break included) as a lax.while_loop over the library's methods
    with jax.ensure_compile_time_eval():  # the test builds the optimiser outside jax.jit
        cmaes, fitness_fn = _sphere_cmaes(CMAES)
    state = cmaes.init()

    def cond(carry):
        iteration_count, _, _, _, stop = carry
        return (iteration_count < _CMAES_ITERATIONS) & ~stop

    def body(carry):
        iteration_count, key, state, _, _ = carry
        iteration_count += 1
        key, subkey = jax.random.split(key)
        samples = cmaes.sample(state, subkey)
        state = cmaes.update(state, samples)
        return iteration_count, key, state, samples, cmaes.stop_condition(state).astype(bool)

    init = (0, key, state, jnp.zeros((12, 4)), False)
    iteration_count, _, state, samples, _ = jax.lax.while_loop(cond, body, init)
    return jnp.min(-fitness_fn(samples)), state.mean, state.eigen_updates, iteration_count


@program(twin=_cmaes_twin, args=lambda: (jax.random.key(0),),
         source=QDAX.format("qdax/baselines/cmaes.py") + ", `CMAES.update` (`_update_state`: a lax.cond on a "
         "delayed eigendecomposition, every ~9 updates with delay_eigen_decomposition=True, from a state whose "
         "num_updates, eigen_updates and sigma start as Python numbers), driven by "
         "tests/baselines_test/cmaes_test.py's loop (sample, update, stop_condition, `if stop_condition: break`, "
         "samples read after the loop), 30 generations in 4 dimensions; the cond as if / else; the twin the loop "
         "as a hand-written lax.while_loop (not library code)")
def qdax_cmaes_sphere(key):
    cmaes, fitness_fn = _sphere_cmaes(CMAESPy)
    state = cmaes.init()

    iteration_count = 0
    for _ in range(_CMAES_ITERATIONS):
        iteration_count += 1

        # sample
        key, subkey = jax.random.split(key)
        samples = cmaes.sample(state, subkey)

        # update
        state = cmaes.update(state, samples)

        # check stop condition
        stop_condition = cmaes.stop_condition(state)

        if stop_condition:
            break

    fitnesses = fitness_fn(samples)

    return jnp.min(-fitnesses), state.mean, state.eigen_updates, iteration_count
