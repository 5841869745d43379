"""A fifth set of programs from JAX libraries the corpus did not cite before: optimistix, kfac-jax, jaxns,
purejaxrl, GPJax and TensorFlow Probability (its root searches, whose JAX substrate runs ``tf.while_loop`` as
``lax.while_loop``), each written with Python control flow over traced values next to a ``lax`` twin.

Each library writes its loop or branch with ``lax`` (``while_loop``, ``scan``, ``cond``) or, for TensorFlow
Probability, ``tf.while_loop`` and ``tf.where``; ``plain`` is that loop or branch written with Python
``for``/``while``/``if``/``break``/``return`` (the loop the library's docstring or comments describe), the twin is
the library's code (TensorFlow Probability's with ``tf`` read as ``jnp``/``lax``, as its JAX substrate does). The
maths is the library's, adapted only in calling convention: a fixed objective or likelihood, arrays instead of
``equinox.Module`` solver states and pytrees, ``config`` entries as constants. optimistix's generic loop
(``_iterate.py``) also carries a ``RESULTS`` code (a non-finite iterate, reaching ``max_steps``) that never changes
on these inputs: it is left out, as ``equinox.error_if`` checks are. Registered into ``programs.PROGRAMS``
(``programs.py`` imports this module after ``libraries_fourth``).
"""

from __future__ import annotations

import math

import jax
import jax.numpy as jnp
import jax.scipy.linalg as jsl
from jax import lax, random

from jax_programs.programs import program

OPTIMISTIX = "patrick-kidger/optimistix@6415ab15480ebdb7386e17850105ce0dba6786ec (Apache-2.0) optimistix/{}"
KFAC_JAX = "google-deepmind/kfac-jax@babd85368ca209861ac947c829c0cf57592f7d22 (Apache-2.0) kfac_jax/_src/{}"
JAXNS = "Joshuaalbert/jaxns@2f356d6d497ce3ac471fb9a06f9d22587487aaaa (Apache-2.0) src/jaxns/{}"
PUREJAXRL = "luchris429/purejaxrl@31756b197773a52db763fdbe6d635e4b46522a73 (Apache-2.0) purejaxrl/{}"
GPJAX = "JaxGaussianProcesses/GPJax@046d07a97a94b5aac67f58c8b1fa3828e2a37e40 (MIT) {}"
TFP = ("tensorflow/probability@c847a4160de33119ec44cf47ebc750d9659cb515 (Apache-2.0) "
       "tensorflow_probability/python/math/root_search.py")


# --- patrick-kidger/optimistix: bisection (and its interval expansion), golden-section search, L-BFGS ----------

def _cube_minus(c):
    return lambda y: y ** 3 - c


def _bisection_twin(c, lower, upper, rtol=1e-5, atol=1e-5, max_steps=256):
    # optimistix/_iterate.py's `_iterate` (eqxi.while_loop with max_steps: the step bound in the test) around
    # Bisection's init (flip="detect"), step and terminate.
    fn = _cube_minus(c)
    y0 = lower + 0.5 * (upper - lower)
    lower_val = fn(lower)
    upper_val = fn(upper)
    flip = lower_val > upper_val
    init_state = (lower, upper, flip, jnp.array(jnp.inf, jnp.float32))

    def terminate(y, state):
        lower, upper, _, error = state
        scale = atol + rtol * jnp.abs(y)
        y_small = jnp.abs(lower - upper) < scale
        f_small = jnp.abs(error) < atol
        return y_small & f_small

    def step(y, state):
        lower, upper, flip, _ = state
        error = fn(y)
        negative = flip ^ (error < 0)
        new_lower = jnp.where(negative, y, lower)
        new_upper = jnp.where(negative, upper, y)
        new_y = new_lower + 0.5 * (new_upper - new_lower)
        return new_y, (new_lower, new_upper, flip, error)

    def cond_fun(carry):
        _, num_steps, _, terminate_ = carry
        return jnp.invert(terminate_) & (num_steps < max_steps)

    def body_fun(carry):
        y, num_steps, state, _ = carry
        new_y, new_state = step(y, state)
        new_terminate = terminate(y, new_state)
        return new_y, num_steps + 1, new_state, new_terminate

    init_carry = (y0, jnp.array(0), init_state, terminate(y0, init_state))
    y, num_steps, _, _ = lax.while_loop(cond_fun, body_fun, init_carry)
    return y, num_steps


@program(twin=_bisection_twin, args=lambda: (jnp.float32(5.0), jnp.float32(0.0), jnp.float32(3.0)),
         jvp=(0, 2), vmap=(0, None, None),
         source=OPTIMISTIX.format("_solver/bisection.py") + ", `Bisection.init/step/terminate` (flip='detect') "
         "inside _iterate.py's `_iterate` (a while loop on `terminate` and max_steps), for y**3 = c; the loop a "
         "while with the termination test as a break after each step (terminate sees the step's old y)")
def optx_bisection(c, lower, upper, rtol=1e-5, atol=1e-5, max_steps=256):
    fn = _cube_minus(c)
    y = lower + 0.5 * (upper - lower)
    flip = fn(lower) > fn(upper)
    num_steps = 0
    # (the initial terminate is False: the initial error is inf)
    while num_steps < max_steps:
        error = fn(y)
        negative = flip ^ (error < 0)
        lower = jnp.where(negative, y, lower)
        upper = jnp.where(negative, upper, y)
        y_old = y
        y = lower + 0.5 * (upper - lower)
        num_steps += 1
        scale = atol + rtol * jnp.abs(y_old)
        if jnp.abs(lower - upper) < scale and jnp.abs(error) < atol:
            break
    return y, num_steps


def _expand_twin(c, lower, upper):
    fn = _cube_minus(c)
    lower_val = fn(lower)
    upper_val = fn(upper)
    need_positive = lower_val < 0.0
    expand_upper = need_positive ^ (upper_val < lower_val)

    def cond_fun(carry):
        lower, upper = carry
        new_boundary = jnp.where(expand_upper, upper, lower)
        carry_val = fn(new_boundary)
        return need_positive ^ (carry_val > 0.0)

    def body_fun(carry):
        lower, upper = carry
        new_domain = 2.0 * (upper - lower)
        new_lower = jnp.where(expand_upper, upper, lower - new_domain)
        new_upper = jnp.where(expand_upper, upper + new_domain, lower)
        return new_lower, new_upper

    return lax.while_loop(cond_fun, body_fun, (lower, upper))


@program(twin=_expand_twin, args=lambda: (jnp.float32(30.0), jnp.float32(0.0), jnp.float32(1.0)),
         jvp=(1, 2), vmap=(0, None, None),
         source=OPTIMISTIX.format("_solver/bisection.py") + ", `_expand_interval_repeatedly` (Bisection with "
         "expand_if_necessary: a while loop doubling the interval until it brackets the root), for y**3 = c; the "
         "`jnp.where(expand_upper, ...)` of the body an if/else")
def optx_bisection_expand(c, lower, upper):
    fn = _cube_minus(c)
    lower_val = fn(lower)
    upper_val = fn(upper)
    need_positive = lower_val < 0.0
    expand_upper = need_positive ^ (upper_val < lower_val)
    while need_positive ^ (fn(jnp.where(expand_upper, upper, lower)) > 0.0):
        new_domain = 2.0 * (upper - lower)
        if expand_upper:
            lower, upper = upper, upper + new_domain
        else:
            lower, upper = lower - new_domain, lower
    return lower, upper


def _golden_fn(a):
    return lambda y: (y - a) ** 2 + 0.1 * y ** 4


def _cauchy_termination(rtol, atol, y, y_diff, f, f_diff):
    # optimistix/_misc.py's `cauchy_termination` with norm=jnp.abs (scalars)
    y_scale = atol + rtol * jnp.abs(y)
    f_scale = atol + rtol * jnp.abs(f)
    y_converged = jnp.abs(jnp.abs(y_diff) / y_scale) < 1
    f_converged = jnp.abs(jnp.abs(f_diff) / f_scale) < 1
    return y_converged & f_converged


def _golden_twin(a, lower, upper, rtol=1e-5, atol=1e-5, max_steps=256):
    fn = _golden_fn(a)
    golden_ratio = (1 + math.sqrt(5)) / 2
    middle = (upper - lower) / (golden_ratio + 1)
    f_middle = fn(middle)
    init_state = (lower, middle, upper, f_middle, jnp.array(True), jnp.array(False))

    def step(y, state):
        lower, middle, upper, f_middle, first, _ = state
        y_ = jnp.where(first, lower + (upper - middle), y)
        f = fn(y_)
        y_diff = middle - y_
        f_diff = f_middle - f
        terminate = _cauchy_termination(rtol, atol, middle, y_diff, f_middle, f_diff)
        is_min = f < f_middle
        is_lower = y_ < middle

        def new_middle(state):
            lower, middle, upper, _, _, _ = state
            new_lower = jnp.where(is_lower, lower, middle)
            new_upper = jnp.where(is_lower, middle, upper)
            return new_lower, y_, new_upper, f, jnp.array(False), terminate

        def new_outer(state):
            lower, middle, upper, f_middle, _, _ = state
            new_lower = jnp.where(is_lower, y_, lower)
            new_upper = jnp.where(is_lower, upper, y_)
            return new_lower, middle, new_upper, f_middle, jnp.array(False), terminate

        new_state = lax.cond(is_min, new_middle, new_outer, state)
        new_y = new_state[0] + (new_state[2] - new_state[1])
        return new_y, new_state

    def cond_fun(carry):
        _, num_steps, state = carry
        return jnp.invert(state[5]) & (num_steps < max_steps)

    def body_fun(carry):
        y, num_steps, state = carry
        new_y, new_state = step(y, state)
        return new_y, num_steps + 1, new_state

    y, num_steps, _ = lax.while_loop(cond_fun, body_fun, (jnp.float32(0.0), jnp.array(0), init_state))
    return y, num_steps


@program(twin=_golden_twin, args=lambda: (jnp.float32(0.7), jnp.float32(-2.0), jnp.float32(3.0)),
         jvp=(0,), vmap=(0, None, None),
         source=OPTIMISTIX.format("_solver/golden.py") + ", `GoldenSearch.init/step/terminate` (a lax.cond "
         "between a new middle point and a new outer point) inside _iterate.py's `_iterate`, minimising "
         "(y - a)**2 + 0.1 y**4 (cauchy_termination from optimistix/_misc.py); the cond an if/else, the loop a "
         "while with a break")
def optx_golden_search(a, lower, upper, rtol=1e-5, atol=1e-5, max_steps=256):
    fn = _golden_fn(a)
    golden_ratio = (1 + math.sqrt(5)) / 2
    middle = (upper - lower) / (golden_ratio + 1)
    f_middle = fn(middle)
    first = jnp.array(True)
    y = jnp.float32(0.0)  # y0, ignored
    num_steps = 0
    while num_steps < max_steps:
        # Safeguard to ensure that the first step respects the golden ratio rule.
        y_ = jnp.where(first, lower + (upper - middle), y)
        f = fn(y_)
        y_diff = middle - y_
        f_diff = f_middle - f
        terminate = _cauchy_termination(rtol, atol, middle, y_diff, f_middle, f_diff)
        is_lower = y_ < middle
        if f < f_middle:
            lower, upper = jnp.where(is_lower, lower, middle), jnp.where(is_lower, middle, upper)
            middle, f_middle = y_, f
        else:
            lower, upper = jnp.where(is_lower, y_, lower), jnp.where(is_lower, upper, y_)
        first = jnp.array(False)
        y = lower + (upper - middle)
        num_steps += 1
        if terminate:
            break
    return y, num_steps


def _lbfgs_twin(grad, y_diff_history, grad_diff_history, inner_history, index_start):
    history_length = inner_history.shape[0]
    circ_index = (jnp.arange(history_length) + index_start) % history_length

    def backward_iter(descent_direction, indx):
        y_diff, grad_diff, inner = y_diff_history[indx], grad_diff_history[indx], inner_history[indx]
        alpha = inner * jnp.dot(y_diff, descent_direction)
        descent_direction = descent_direction - alpha * grad_diff
        return descent_direction, alpha

    descent_direction, alpha = lax.scan(backward_iter, grad, circ_index, reverse=True)
    latest_y_diff = y_diff_history[(index_start - 1) % history_length]
    latest_grad_diff = grad_diff_history[(index_start - 1) % history_length]
    y_grad_diff_inner = jnp.dot(latest_y_diff, latest_grad_diff)
    grad_diff_norm_sq = jnp.dot(latest_grad_diff, latest_grad_diff)
    pred = grad_diff_norm_sq > 0
    safe_grad_diff_norm_sq = jnp.where(pred, grad_diff_norm_sq, 1.0)
    gamma_k = jnp.where(pred, y_grad_diff_inner / safe_grad_diff_norm_sq, 1.0)
    descent_direction = gamma_k * descent_direction

    def forward_iter(args, indx):
        descent_direction, alpha = args
        current_alpha = alpha[indx]
        inner = inner_history[circ_index[indx]]
        y_diff, grad_diff = y_diff_history[circ_index[indx]], grad_diff_history[circ_index[indx]]
        current_beta = inner * jnp.dot(grad_diff, descent_direction)
        descent_direction = descent_direction + y_diff * (current_alpha - current_beta)
        return (descent_direction, alpha), None

    (descent_direction, _), _ = lax.scan(forward_iter, (descent_direction, alpha), jnp.arange(history_length))
    return descent_direction


def _lbfgs_args():
    k1, k2 = random.split(random.key(11))
    m = random.normal(k1, (4, 4))
    hessian = m @ m.T + jnp.eye(4)
    y_diff = random.normal(k2, (3, 4))
    grad_diff = y_diff @ hessian
    inner = 1.0 / jnp.sum(y_diff * grad_diff, axis=1)
    return jnp.array([1.0, -0.5, 0.25, 2.0]), y_diff, grad_diff, inner, jnp.int32(1)


@program(twin=_lbfgs_twin, args=_lbfgs_args, grad=(0, 1, 2), loss=jnp.sum, vmap=(0, None, None, None, None),
         rtol=1e-4,
         source=OPTIMISTIX.format("_solver/limited_memory_bfgs.py") + ", `_lbfgs_inverse_hessian_operator_fn` "
         "(the two-loop recursion of Byrd, Nocedal & Schnabel (1994), Algorithm 4.1: a reversed lax.scan over a "
         "circular history, then a forward one), a vector instead of a pytree; the scans Python for loops, the "
         "first collecting its alphas in a list")
def optx_lbfgs_two_loop(grad, y_diff_history, grad_diff_history, inner_history, index_start):
    history_length = inner_history.shape[0]
    circ_index = (jnp.arange(history_length) + index_start) % history_length
    # First loop: iterate backwards and compute alpha coefficients.
    descent_direction = grad
    alphas = []
    for k in reversed(range(history_length)):
        indx = circ_index[k]
        alpha = inner_history[indx] * jnp.dot(y_diff_history[indx], descent_direction)
        descent_direction = descent_direction - alpha * grad_diff_history[indx]
        alphas.append(alpha)
    alpha = jnp.stack(alphas[::-1])
    latest_y_diff = y_diff_history[(index_start - 1) % history_length]
    latest_grad_diff = grad_diff_history[(index_start - 1) % history_length]
    y_grad_diff_inner = jnp.dot(latest_y_diff, latest_grad_diff)
    grad_diff_norm_sq = jnp.dot(latest_grad_diff, latest_grad_diff)
    pred = grad_diff_norm_sq > 0
    safe_grad_diff_norm_sq = jnp.where(pred, grad_diff_norm_sq, 1.0)
    gamma_k = jnp.where(pred, y_grad_diff_inner / safe_grad_diff_norm_sq, 1.0)
    descent_direction = gamma_k * descent_direction
    # Second loop: iterate forwards and apply correction using stored alpha.
    for i in range(history_length):
        j = circ_index[i]
        current_beta = inner_history[j] * jnp.dot(grad_diff_history[j], descent_direction)
        descent_direction = descent_direction + y_diff_history[j] * (alpha[i] - current_beta)
    return descent_direction


def _fixed_point_fn(A, b):
    return lambda y: jnp.cos(A @ y + b)


def _max_norm(x):
    return jnp.max(jnp.abs(x))


def _fixed_point_twin(y0, A, b, rtol=1e-5, atol=1e-5, damp=0.3, max_steps=256):
    fn = _fixed_point_fn(A, b)

    def step(y, state):
        fn_y_n = fn(y)
        new_y = (1 - damp) * fn_y_n + damp * y
        error = y - new_y
        scale = atol + rtol * jnp.abs(new_y)
        return new_y, _max_norm(error / scale)

    def cond_fun(carry):
        _, num_steps, _, terminate = carry
        return jnp.invert(terminate) & (num_steps < max_steps)

    def body_fun(carry):
        y, num_steps, state, _ = carry
        new_y, new_state = step(y, state)
        return new_y, num_steps + 1, new_state, new_state < 1

    init_state = jnp.array(jnp.inf)
    y, num_steps, _, _ = lax.while_loop(cond_fun, body_fun, (y0, jnp.array(0), init_state, init_state < 1))
    return y, num_steps


def _fixed_point_args():
    return jnp.zeros(3), jnp.array([[0.5, -0.2, 0.1], [0.3, 0.4, -0.1], [-0.2, 0.1, 0.6]]), jnp.array([0.1, -0.3, 0.2])


@program(twin=_fixed_point_twin, args=_fixed_point_args, jvp=(1, 2), vmap=(None, None, 0), rtol=1e-4,
         source=OPTIMISTIX.format("_solver/fixed_point.py") + ", `FixedPointIteration` with damping (its "
         "relative error in the max norm of optimistix/_misc.py) inside _iterate.py's `_iterate`, for "
         "y = cos(A y + b); the loop a while with a break")
def optx_fixed_point(y, A, b, rtol=1e-5, atol=1e-5, damp=0.3, max_steps=256):
    fn = _fixed_point_fn(A, b)
    num_steps = 0
    while num_steps < max_steps:
        new_y = (1 - damp) * fn(y) + damp * y
        error = y - new_y
        scale = atol + rtol * jnp.abs(new_y)
        relative_error = _max_norm(error / scale)
        y = new_y
        num_steps += 1
        if relative_error < 1:
            break
    return y, num_steps


def _nm_fn(c):
    return lambda y: (y[0] - c) ** 2 + 2.0 * (y[1] + 0.5) ** 2 + 0.5 * y[0] * y[1]


def _nm_init_simplex(y, rdelta=5e-2, adelta=2.5e-4):
    # NelderMead.init for a single array leaf, y0_simplex=False (the loop over leaves has one leaf)
    size = jnp.size(y)
    leaf = y
    running_size = 0
    leaf_size = jnp.size(leaf)
    broadcast_leaves = jnp.repeat(leaf[None, ...], size + 1, axis=0)
    indices = jnp.arange(running_size + 1, running_size + leaf_size + 1, dtype=jnp.int16)
    relative_indices = jnp.unravel_index(indices - running_size, shape=leaf.shape)
    indices = jnp.unravel_index(indices, shape=broadcast_leaves.shape)
    broadcast_leaves = broadcast_leaves.at[indices].set(
        broadcast_leaves[indices] + adelta + rdelta * leaf[relative_indices])
    return broadcast_leaves


def _nm_terminate(simplex, f_simplex, f_best, best, rtol, atol):
    x_scale = atol + rtol * jnp.abs(best[None])
    x_diff = jnp.abs(simplex - best[None])
    x_converged = _max_norm(x_diff / x_scale) < 1
    f_scale = atol + rtol * jnp.abs(f_best)
    f_diff = jnp.abs(f_simplex - f_best)
    f_converged = _max_norm(f_diff / f_scale) < 1
    converged = x_converged & f_converged
    diverged = jnp.any(jnp.invert(jnp.isfinite(f_best)))
    return converged | diverged


def _nm_update_stats(stats, reflect, inner_contract, outer_contract, expand, shrink):
    return (stats[0] + jnp.where(reflect, 1, 0), stats[1] + jnp.where(inner_contract, 1, 0),
            stats[2] + jnp.where(outer_contract, 1, 0), stats[3] + jnp.where(expand, 1, 0),
            stats[4] + jnp.where(shrink, 1, 0))


REFLECT_CONST, EXPAND_CONST, OUT_CONST, IN_CONST, SHRINK_CONST = 2, 3, 1.5, 0.5, 0.5  # NelderMead.step's


def _nelder_mead_twin(y0, c, rtol=1e-3, atol=1e-3, max_steps=256):
    fn = _nm_fn(c)
    simplex = _nm_init_simplex(y0)
    n_vertices = simplex.shape[0]
    stats = (jnp.array(0), jnp.array(0), jnp.array(0), jnp.array(0), jnp.array(-1))
    state = dict(simplex=simplex, f_simplex=jnp.full(n_vertices, jnp.inf, dtype=jnp.float32),
                 best=(jnp.array(0.0), simplex[0], jnp.array(0, dtype=jnp.int32)),
                 worst=(jnp.array(0.0), simplex[0], jnp.array(0, dtype=jnp.int32)),
                 second_worst_val=jnp.array(0.0), stats=stats, first_pass=jnp.array(True))

    def step(y, state):
        f_best, best, best_index = state["best"]
        f_worst, worst, worst_index = state["worst"]
        f_second_worst = state["second_worst_val"]

        def init_step(state):
            return state["simplex"], state["simplex"][0], jnp.array(jnp.inf), state["stats"]

        def main_step(state):
            search_direction = state["simplex"] - worst[None]
            search_direction = jnp.sum(search_direction / (n_vertices - 1), axis=0)
            reflection = worst + REFLECT_CONST * search_direction

            def eval_new_vertices(vertex_carry, i):
                vertex, f_vertex, stats = vertex_carry

                def internal_eval(f_vertex, stats):
                    expand = f_vertex < f_best
                    inner_contract = f_vertex > f_worst
                    contract = f_vertex > f_second_worst
                    outer_contract = jnp.invert(expand | contract)
                    reflect = (f_vertex > f_best) & (f_vertex < f_second_worst)
                    contract_const = jnp.where(inner_contract, IN_CONST, OUT_CONST)
                    expanded = worst + EXPAND_CONST * search_direction
                    contracted = worst + contract_const * search_direction
                    new_vertex = jnp.where(expand, expanded, vertex)
                    new_vertex = jnp.where(contract, contracted, new_vertex)
                    stats = _nm_update_stats(stats, reflect, inner_contract, outer_contract, expand,
                                             shrink=jnp.array(False))
                    return new_vertex, stats

                out, stats = lax.cond(i == 1, internal_eval, lambda x, y: (vertex, stats), *(f_vertex, stats))
                return (out, fn(out), stats), None

            (new_vertex, f_new_vertex, stats), _ = lax.scan(
                eval_new_vertices, (reflection, jnp.array(0.0), state["stats"]), jnp.arange(2))
            return state["simplex"], new_vertex, f_new_vertex, stats

        simplex, new_vertex, f_new_vertex, stats = lax.cond(state["first_pass"], init_step, main_step, state)
        new_best = f_new_vertex < f_best
        best = jnp.where(new_best, new_vertex, best)
        f_best = jnp.where(new_best, f_new_vertex, f_best)
        shrink = jnp.where(state["first_pass"], jnp.array(True), f_new_vertex > f_worst)
        stats = _nm_update_stats(stats, jnp.array(False), jnp.array(False), jnp.array(False), jnp.array(False),
                                 shrink)

        def shrink_simplex(best, new_vertex, simplex, first_pass):
            shrink_simplex = simplex.at[...].set(best[None] + SHRINK_CONST * (simplex - best[None]))
            simplex = jnp.where(first_pass, simplex, shrink_simplex)
            f_simplex = jax.vmap(fn)(simplex)
            return f_simplex, simplex

        def update_simplex(best, new_vertex, simplex, first_pass):
            simplex = simplex.at[worst_index].set(new_vertex)
            f_simplex = state["f_simplex"].at[worst_index].set(f_new_vertex)
            return f_simplex, simplex

        f_new_simplex, new_simplex = lax.cond(shrink, shrink_simplex, update_simplex,
                                              *(best, new_vertex, state["simplex"], state["first_pass"]))
        (f_best_neg,), (best_index,) = lax.top_k(-f_new_simplex, 1)
        f_best = -f_best_neg
        (f_worst, f_second_worst), (worst_index, _) = lax.top_k(f_new_simplex, 2)
        best = simplex[best_index]
        worst = simplex[worst_index]
        new_state = dict(simplex=new_simplex, f_simplex=f_new_simplex, best=(f_best, best, best_index),
                         worst=(f_worst, worst, worst_index), second_worst_val=f_second_worst, stats=stats,
                         first_pass=jnp.array(False))
        return best, new_state

    def terminate(state):
        f_best, best, _ = state["best"]
        return _nm_terminate(state["simplex"], state["f_simplex"], f_best, best, rtol, atol)

    def cond_fun(carry):
        _, num_steps, _, terminate_ = carry
        return jnp.invert(terminate_) & (num_steps < max_steps)

    def body_fun(carry):
        y, num_steps, state, _ = carry
        new_y, new_state = step(y, state)
        return new_y, num_steps + 1, new_state, terminate(new_state)

    y, num_steps, state, _ = lax.while_loop(cond_fun, body_fun, (y0, jnp.array(0), state, terminate(state)))
    return y, num_steps, state["stats"]


# Tolerances of 1e-3: at 1e-4 the simplex's values tie in float32 and its comparisons go by rounding, which differs
# eagerly and under jit (XLA's fused multiply-adds; float64 agrees), as in a count of inner contractions.
@program(twin=_nelder_mead_twin, args=lambda: (jnp.array([0.3, -0.2]), jnp.float32(1.0)), jvp=(0, 1),
         vmap=(None, 0), rtol=1e-4,
         source=OPTIMISTIX.format("_solver/nelder_mead.py") + ", `NelderMead.init/step/terminate/postprocess` "
         "(a lax.cond between the first pass and a main step whose two function evaluations are a lax.scan over "
         "range(2) holding a lax.cond on i == 1, then a lax.cond between shrinking and replacing the worst vertex) "
         "inside _iterate.py's `_iterate`, an array y, a quadratic with a cross term; the conds if/else, the "
         "scan a for over range(2) with an if i == 1, the loop a while with a break")
def optx_nelder_mead(y0, c, rtol=1e-3, atol=1e-3, max_steps=256):
    fn = _nm_fn(c)
    simplex = _nm_init_simplex(y0)
    n_vertices = simplex.shape[0]
    f_simplex = jnp.full(n_vertices, jnp.inf, dtype=jnp.float32)
    f_best, best, best_index = jnp.array(0.0), simplex[0], jnp.array(0, dtype=jnp.int32)
    f_worst, worst, worst_index = jnp.array(0.0), simplex[0], jnp.array(0, dtype=jnp.int32)
    f_second_worst = jnp.array(0.0)
    # Shrink will be called the first time step is called, so remove one from stats at init.
    n_reflect, n_inner_contract, n_outer_contract, n_expand, n_shrink = 0, 0, 0, 0, -1
    first_pass = True
    y = y0
    num_steps = 0
    while num_steps < max_steps:
        if first_pass:
            new_vertex = simplex[0]
            f_new_vertex = jnp.array(jnp.inf)
        else:
            search_direction = jnp.sum((simplex - worst[None]) / (n_vertices - 1), axis=0)
            reflection = worst + REFLECT_CONST * search_direction
            # Two function evaluations: of the reflection, then of the vertex it decides.
            vertex = reflection
            f_vertex = jnp.array(0.0)
            for i in range(2):
                if i == 1:
                    expand = f_vertex < f_best
                    inner_contract = f_vertex > f_worst
                    contract = f_vertex > f_second_worst
                    outer_contract = jnp.invert(expand | contract)
                    reflect = (f_vertex > f_best) & (f_vertex < f_second_worst)
                    contract_const = jnp.where(inner_contract, IN_CONST, OUT_CONST)
                    expanded = worst + EXPAND_CONST * search_direction
                    contracted = worst + contract_const * search_direction
                    vertex = jnp.where(expand, expanded, vertex)
                    vertex = jnp.where(contract, contracted, vertex)
                    n_reflect += jnp.where(reflect, 1, 0)
                    n_inner_contract += jnp.where(inner_contract, 1, 0)
                    n_outer_contract += jnp.where(outer_contract, 1, 0)
                    n_expand += jnp.where(expand, 1, 0)
                f_vertex = fn(vertex)
            new_vertex, f_new_vertex = vertex, f_vertex
        new_best = f_new_vertex < f_best
        best = jnp.where(new_best, new_vertex, best)
        f_best = jnp.where(new_best, f_new_vertex, f_best)
        shrink = first_pass or f_new_vertex > f_worst
        n_shrink += jnp.where(shrink, 1, 0)
        old_simplex = simplex
        if shrink:
            if not first_pass:
                simplex = best[None] + SHRINK_CONST * (simplex - best[None])
            f_simplex = jax.vmap(fn)(simplex)
        else:
            simplex = simplex.at[worst_index].set(new_vertex)
            f_simplex = f_simplex.at[worst_index].set(f_new_vertex)
        (f_best_neg,), (best_index,) = lax.top_k(-f_simplex, 1)
        f_best = -f_best_neg
        (f_worst, f_second_worst), (worst_index, _) = lax.top_k(f_simplex, 2)
        # (the library indexes the simplex the step started from)
        best = old_simplex[best_index]
        worst = old_simplex[worst_index]
        first_pass = False
        y = best
        num_steps += 1
        if _nm_terminate(simplex, f_simplex, f_best, best, rtol, atol):
            break
    return y, num_steps, (n_reflect, n_inner_contract, n_outer_contract, n_expand, n_shrink)


# --- google-deepmind/kfac-jax: a PSD solve that drops a zero last index, pi-adjusted Kronecker factors --------

def _psd_solve_twin(matrix, vector):
    # Cuda's LU solver will go into an infinite loop if the matrix has NaNs or
    # possibly Infs, so we need to check for that before calling it.
    return lax.cond(
        jnp.logical_or(jnp.any(jnp.isnan(matrix)), jnp.any(jnp.isinf(matrix))),
        lambda: jnp.full(vector.shape, jnp.nan, dtype=vector.dtype),
        lambda: jsl.solve(matrix, vector),
    )


def _psd_solve_without_last_idx_twin(a, b):
    sub_a = a[..., :-1, :-1]
    sub_b = b[..., :-1]
    sub_x = _psd_solve_twin(sub_a, sub_b)
    return jnp.concatenate([sub_x, jnp.zeros_like(b[..., :1])], axis=-1)


def _psd_solve_maybe_zero_twin(a, b):
    # Check the last column and row are zero.
    check = jnp.logical_and(jnp.all(a[..., -1] == 0), jnp.all(a[..., -1, :] == 0))
    return lax.cond(check, _psd_solve_without_last_idx_twin, _psd_solve_twin, a, b)


def _psd_solve(matrix, vector):
    if jnp.any(jnp.isnan(matrix)) or jnp.any(jnp.isinf(matrix)):
        return jnp.full(vector.shape, jnp.nan, dtype=vector.dtype)
    return jsl.solve(matrix, vector)


def _zero_last_args():
    m = jnp.array([[2.0, 0.3, 0.0], [0.3, 1.5, 0.0], [0.0, 0.0, 0.0]])
    return m, jnp.array([1.0, -2.0, 0.5])


@program(twin=_psd_solve_maybe_zero_twin, args=_zero_last_args, grad=(0, 1), loss=jnp.sum, vmap=(0, 0),
         source=KFAC_JAX.format("utils/math.py") + ", `psd_solve_maybe_zero_last_idx` (a lax.cond on a zero last "
         "row and column, to `psd_solve_without_last_idx` or `psd_solve`, itself a lax.cond on NaNs or Infs), "
         "use_cholesky_inversion off; the conds an if/else and an if with an early return")
def kfac_psd_solve_maybe_zero_last_idx(a, b):
    # Check the last column and row are zero.
    if jnp.all(a[..., -1] == 0) and jnp.all(a[..., -1, :] == 0):
        sub_x = _psd_solve(a[..., :-1, :-1], b[..., :-1])
        return jnp.concatenate([sub_x, jnp.zeros_like(b[..., :1])], axis=-1)
    else:
        return _psd_solve(a, b)


def _avg_diag_norm(matrix):
    # kfac_jax/_src/utils/math.py's `psd_matrix_norm` with norm_type="avg_diag"
    if matrix.ndim == 0:
        return matrix
    elif matrix.ndim == 1:
        return jnp.sum(matrix) / matrix.shape[0]
    else:
        return jnp.trace(matrix) / matrix.shape[0]


def _pi_adjusted_regular_case(factors, norms, damping):
    k = len(factors)
    num_non_scalars = sum(1 if f.size != 1 else 0 for f in factors)
    # Compute the normalized factors `u_i`, such that Trace(u_i) / dim(u_i) = 1
    us = [fi / ni for fi, ni in zip(factors, norms)]
    if num_non_scalars != 0:
        c_k = jnp.exp(jnp.mean(jnp.log(norms)))
        d_k = jnp.power(damping, 1.0 / k) / c_k
        if k > num_non_scalars:
            c_non_scalar = c_k ** (float(k) / num_non_scalars)
            # We distribute the damping only inside the non-scalar factors
            d_hat = jnp.power(damping, 1.0 / num_non_scalars) / c_non_scalar
        else:
            d_hat = d_k
    else:
        c = jnp.prod(jnp.array(norms))
        c_k = jnp.power(c + damping, 1.0 / k)
    u_hats = []
    for u in us:
        if u.size == 1:  # scalar case
            u_hat = jnp.ones_like(u)  # damping not used in the scalar factors
        elif u.ndim == 2:
            u_hat = u + d_hat * jnp.eye(u.shape[0], dtype=u.dtype)
        else:  # diagonal case
            u_hat = u + d_hat
        u_hats.append(u_hat * c_k)
    return tuple(u_hats)


def _pi_adjusted_zero_case(factors, damping):
    # In the special case where for some reason one of the factors is zero, then
    # the we write each factor as `damping^(1/k) * I`.
    c_k = jnp.power(damping, 1.0 / len(factors))
    return tuple(c_k * (jnp.eye(fi.shape[0], dtype=fi.dtype) if fi.ndim == 2 else jnp.ones_like(fi))
                 for fi in factors)


def _pi_adjusted_twin(f1, f2, damping):
    factors = (f1, f2)
    norms = jnp.array([_avg_diag_norm(f) for f in factors])
    return lax.cond(jnp.greater(jnp.min(norms), 0.0),
                    lambda: _pi_adjusted_regular_case(factors, norms, damping),
                    lambda: _pi_adjusted_zero_case(factors, damping))


def _pi_adjusted_args():
    m = jnp.array([[2.0, 0.5, 0.1], [0.5, 1.0, 0.2], [0.1, 0.2, 0.5]])
    return m, jnp.array([0.5, 1.5, 2.0, 0.25]), jnp.float32(0.1)


@program(twin=_pi_adjusted_twin, args=_pi_adjusted_args, grad=(0, 1, 2),
         loss=lambda out: jnp.sum(out[0]) + jnp.sum(out[1] ** 2), vmap=(0, 0, 0), rtol=1e-4,
         source=KFAC_JAX.format("utils/math.py") + ", `pi_adjusted_kronecker_factors` (a lax.cond on the least "
         "factor norm between the regular case and the zero case), special_case_zero_inv on, norm 'avg_diag', "
         "a matrix and a diagonal factor; the cond an if with early returns")
def kfac_pi_adjusted_kronecker_factors(f1, f2, damping):
    factors = (f1, f2)
    norms = jnp.array([_avg_diag_norm(f) for f in factors])
    if jnp.min(norms) > 0.0:
        return _pi_adjusted_regular_case(factors, norms, damping)
    return _pi_adjusted_zero_case(factors, damping)


# kfac_jax/_src/optimizer.py's Optimizer defaults, damping adaptation on, step rejection on (factor 2)
MIN_DAMPING, MAX_DAMPING = 1e-8, jnp.inf
DAMPING_LOWER_THRESHOLD, DAMPING_UPPER_THRESHOLD = 0.25, 0.75
DAMPING_DECAY_FACTOR = 0.9 ** 5  # damping_adaptation_decay ** damping_adaptation_interval
REJECT_DAMPING_INCREASE_FACTOR = 2.0


def _kfac_loss(params, target):
    return 0.5 * jnp.sum((params - target) ** 2)


def _damping_rejection_twin(params, velocities, delta, damping, quad_change, target):
    loss = _kfac_loss(params, target)
    new_params = params + delta
    new_loss = _kfac_loss(new_params, target)
    # `_compute_new_damping_and_rho`
    rho = (new_loss - loss) / quad_change
    rho_not_nan = jnp.nan_to_num(rho, nan=-100.0)
    should_increase = rho_not_nan < DAMPING_LOWER_THRESHOLD
    increased_damping = damping / DAMPING_DECAY_FACTOR
    should_decrease = rho_not_nan > DAMPING_UPPER_THRESHOLD
    decreased_damping = damping * DAMPING_DECAY_FACTOR
    damping = jnp.select([should_decrease, should_increase], [decreased_damping, increased_damping],
                         default=damping)
    damping = jnp.clip(damping, MIN_DAMPING, MAX_DAMPING)
    reject_step = jnp.logical_or(jnp.isnan(new_loss), new_loss > loss)
    params, velocities, damping = lax.cond(
        reject_step,
        lambda: (params, velocities, REJECT_DAMPING_INCREASE_FACTOR * damping),
        lambda: (new_params, delta, damping))
    return params, velocities, damping, rho


def _damping_rejection_args():
    params = jnp.array([1.0, 2.0])
    return params, jnp.array([0.1, -0.1]), -1.5 * params, jnp.float32(0.01), jnp.float32(-2.0), jnp.zeros(2)


@program(twin=_damping_rejection_twin, args=_damping_rejection_args, grad=(0, 2, 4),
         loss=lambda out: jnp.sum(out[0]) + jnp.sum(out[1]) + out[2] + out[3], vmap=(None, None, 0, None, 0, None),
         source=KFAC_JAX.format("optimizer.py") + ", `Optimizer._step`'s end (the parameter update, "
         "`_compute_new_damping_and_rho`'s jnp.select of the damping, then the lax.cond rejecting a step whose "
         "loss is NaN or higher), a quadratic loss, given delta and quadratic-model change; the select an "
         "if/elif, the cond an if/else")
def kfac_damping_and_step_rejection(params, velocities, delta, damping, quad_change, target):
    loss = _kfac_loss(params, target)
    new_params = params + delta
    new_loss = _kfac_loss(new_params, target)
    # Reduction ratio
    rho = (new_loss - loss) / quad_change
    rho_not_nan = jnp.nan_to_num(rho, nan=-100.0)
    # Update damping
    if rho_not_nan > DAMPING_UPPER_THRESHOLD:
        damping = damping * DAMPING_DECAY_FACTOR
    elif rho_not_nan < DAMPING_LOWER_THRESHOLD:
        damping = damping / DAMPING_DECAY_FACTOR
    damping = jnp.clip(damping, MIN_DAMPING, MAX_DAMPING)
    if jnp.isnan(new_loss) or new_loss > loss:
        damping = REJECT_DAMPING_INCREASE_FACTOR * damping
    else:
        params, velocities = new_params, delta
    return params, velocities, damping, rho


# --- Joshuaalbert/jaxns: a cumulative op to a dynamic stop, the slice sampler's shrinkage, ellipsoid sampling ---

def _cumulative_dynamic_twin(xs, stop_idx):
    op = jnp.logaddexp
    init = jnp.float32(-jnp.inf)

    def cond(carry):
        (accumulate, i, output) = carry
        return jnp.less(i, stop_idx)

    def body(carry):
        (accumulate, i, output) = carry
        y = xs[i]
        next_accumulate = op(accumulate, y)
        next_i = i + jnp.ones_like(i)
        next_output = output.at[i].set(next_accumulate)
        return (next_accumulate, next_i, next_output)

    length = xs.shape[0]
    output = jnp.tile(init[None], [length])
    (final_accumulate, _, final_output) = lax.while_loop(cond, body, (init, jnp.asarray(0, jnp.int32), output))
    return final_accumulate, final_output


@program(twin=_cumulative_dynamic_twin, args=lambda: (jnp.linspace(-2.0, 1.5, 8), jnp.int32(5)), jvp=(0,),
         vmap=(0, 0),
         source=JAXNS.format("internals/cumulative_ops.py") + ", `cumulative_op_dynamic` (a while loop to a "
         "traced stop index, writing each accumulation), op=jnp.logaddexp from log zero as for the evidence, "
         "pre_op=False; the loop a for over range(stop_idx)")
def jaxns_cumulative_op_dynamic(xs, stop_idx):
    accumulate = jnp.float32(-jnp.inf)
    output = jnp.tile(accumulate[None], [xs.shape[0]])
    for i in range(stop_idx):
        accumulate = jnp.logaddexp(accumulate, xs[i])
        output = output.at[i].set(accumulate)
    return accumulate, output


def _sample_direction(n_key, ndim):
    if ndim == 1:
        return jnp.ones((), jnp.float32)
    direction = random.normal(n_key, shape=(ndim,), dtype=jnp.float32)
    direction /= jnp.linalg.norm(direction)
    return direction


def _slice_bounds(point_U0, direction):
    zero = jnp.zeros((), jnp.float32)
    one = jnp.ones((), jnp.float32)
    inf = jnp.full((), jnp.inf, jnp.float32)
    t1 = (one - point_U0) / direction
    t1_right = jnp.min(jnp.where(t1 >= zero, t1, inf))
    t1_left = jnp.max(jnp.where(t1 <= zero, t1, -inf))
    t0 = -point_U0 / direction
    t0_right = jnp.min(jnp.where(t0 >= zero, t0, inf))
    t0_left = jnp.max(jnp.where(t0 <= zero, t0, -inf))
    right_bound = jnp.minimum(t0_right, t1_right)
    left_bound = jnp.maximum(t0_left, t1_left)
    return left_bound, right_bound


def _pick_point_in_interval(key, point_U0, direction, left, right):
    u = random.uniform(key, dtype=jnp.float32)
    t = left + u * (right - left)
    point_U = point_U0 + t * direction
    return point_U, t


def _shrink_interval(key, t, left, right, midpoint_shrink, alpha):
    zero = jnp.zeros_like(t)
    # witout exponential shrinkage, we shrink to failed proposal point, which is 100% correct.
    left = jnp.where(t < zero, t, left)
    right = jnp.where(t > zero, t, right)
    if midpoint_shrink:
        left = jnp.where((t < zero), alpha * left, left)
        right = jnp.where((t > zero), alpha * right, right)
    return left, right


def _gaussian_log_likelihood(u):
    return -0.5 * jnp.sum(((u - 0.5) / 0.2) ** 2)


def _slice_twin(key, U0, log_L_constraint):
    log_L0 = _gaussian_log_likelihood(U0)

    def cond(carry):
        _, _, _, _, _, _, log_L, _ = carry
        satisfaction = log_L > log_L_constraint
        # Allow if on plateau to fly around the plateau for a while
        lesser_satisfaction = jnp.bitwise_and(log_L0 == log_L_constraint, log_L == log_L_constraint)
        done = jnp.bitwise_or(satisfaction, lesser_satisfaction)
        return jnp.bitwise_not(done)

    def body(carry):
        key, direction, left, right, t, _, _, num_likelihood_evaluations = carry
        key, t_key, shrink_key = random.split(key, 3)
        left, right = _shrink_interval(shrink_key, t, left, right, False, jnp.float32(0.5))
        point_U, t = _pick_point_in_interval(t_key, U0, direction, left, right)
        log_L = _gaussian_log_likelihood(point_U)
        num_likelihood_evaluations = num_likelihood_evaluations + jnp.ones_like(num_likelihood_evaluations)
        return key, direction, left, right, t, point_U, log_L, num_likelihood_evaluations

    num_likelihood_evaluations = jnp.full((), 0, jnp.int32)
    run_key, n_key, t_key, after_key = random.split(key, 4)
    direction = _sample_direction(n_key, U0.shape[0])
    (left, right) = _slice_bounds(U0, direction)
    point_U, t = _pick_point_in_interval(t_key, U0, direction, left, right)
    log_L = _gaussian_log_likelihood(point_U)
    num_likelihood_evaluations += jnp.ones_like(num_likelihood_evaluations)
    init_carry = (run_key, direction, left, right, t, point_U, log_L, num_likelihood_evaluations)
    carry = lax.while_loop(cond, body, init_carry)
    return carry[5], carry[6], carry[7]


@program(twin=_slice_twin, args=lambda: (random.key(5), jnp.array([0.5, 0.55, 0.45]), jnp.float32(-3.0)),
         jvp=(1,), vmap=(None, 0, None),
         source=JAXNS.format("samplers/uni_slice_sampler.py") + ", `_new_proposal` (a while loop shrinking the "
         "slice until the likelihood clears the constraint, with `_sample_direction`, `_slice_bounds`, "
         "`_pick_point_in_interval`, `_shrink_interval`), perfect=True, no gradient slice or guide, no midpoint "
         "shrink, a Gaussian likelihood, float32 and int32 for mp_policy's dtypes; the loop a while not done")
def jaxns_slice_proposal(key, U0, log_L_constraint):
    log_L0 = _gaussian_log_likelihood(U0)
    num_likelihood_evaluations = 0
    run_key, n_key, t_key, after_key = random.split(key, 4)
    direction = _sample_direction(n_key, U0.shape[0])
    left, right = _slice_bounds(U0, direction)
    point_U, t = _pick_point_in_interval(t_key, U0, direction, left, right)
    log_L = _gaussian_log_likelihood(point_U)
    num_likelihood_evaluations += 1
    key = run_key
    while not (log_L > log_L_constraint or (log_L0 == log_L_constraint and log_L == log_L_constraint)):
        key, t_key, shrink_key = random.split(key, 3)
        left, right = _shrink_interval(shrink_key, t, left, right, False, jnp.float32(0.5))
        point_U, t = _pick_point_in_interval(t_key, U0, direction, left, right)
        log_L = _gaussian_log_likelihood(point_U)
        num_likelihood_evaluations += 1
    return point_U, log_L, num_likelihood_evaluations


def _single_ellipsoid_sample(key, mu, radii, rotation):
    direction_key, radii_key = random.split(key, 2)
    direction = random.normal(direction_key, shape=radii.shape, dtype=jnp.float32)
    direction = direction / jnp.linalg.norm(direction)
    t = random.uniform(radii_key, dtype=jnp.float32) ** jnp.asarray(1. / radii.size, jnp.float32)
    u_circ = direction * t
    R = rotation * radii
    u = R @ u_circ + mu
    return u


def _sample_ellipsoid_twin(key, mu, radii, rotation):
    def body(state):
        (key, _, _) = state
        key, sample_key = random.split(key, 2)
        u = _single_ellipsoid_sample(sample_key, mu, radii, rotation)
        done = jnp.all((u <= 1) & (u >= 0))
        return (key, done, u)

    (_, _, u) = lax.while_loop(lambda s: ~s[1], body, (key, jnp.asarray(False, jnp.bool_), mu))
    return u


def _rotation(angle):
    return jnp.array([[jnp.cos(angle), -jnp.sin(angle)], [jnp.sin(angle), jnp.cos(angle)]])


@program(twin=_sample_ellipsoid_twin,
         args=lambda: (random.key(6), jnp.array([0.1, 0.9]), jnp.array([0.3, 0.2]), _rotation(0.4)),
         jvp=(1, 2), vmap=(None, None, 0, None),
         source=JAXNS.format("samplers/multi_ellipsoid/multi_ellipsoid_utils.py") + ", `sample_ellipsoid` "
         "with unit_cube_constraint=True (a rejection while loop until the sample is in the unit cube); the "
         "loop a while not done from done = False")
def jaxns_sample_ellipsoid(key, mu, radii, rotation):
    done = False
    u = mu
    while not done:
        key, sample_key = random.split(key, 2)
        u = _single_ellipsoid_sample(sample_key, mu, radii, rotation)
        done = jnp.all((u <= 1) & (u >= 0))
    return u


def _point_in_ellipsoid(x, mu, radii, rotation):
    u_circ = jnp.diag(jnp.reciprocal(radii)) @ rotation.T @ (x - mu)
    return jnp.less_equal(u_circ @ u_circ, jnp.asarray(1. + 1e-10, x.dtype))


def _depth(point, mu, radii, rotation):
    # `compute_depth_ellipsoids` with constraint_unit_cube=True
    contained_in = jax.vmap(lambda mu, radii, rotation: _point_in_ellipsoid(point, mu, radii, rotation))(
        mu, radii, rotation)
    depth = jnp.sum(contained_in)
    outside_unit_cube = jnp.any(point < 0.) | jnp.any(point > 1.)
    return jnp.where(outside_unit_cube, jnp.iinfo(depth.dtype).max, depth)


def _log_ellipsoid_volume(radii):
    D = radii.shape[0]
    return (jnp.log(2.) - jnp.log(D) + 0.5 * D * jnp.log(jnp.pi) - jax.scipy.special.gammaln(0.5 * D)
            + jnp.sum(jnp.log(radii)))


def _multi_ellipsoid_twin(key, mu, radii, rotation):
    K, D = radii.shape
    log_p = jax.vmap(_log_ellipsoid_volume)(radii)

    def body(state):
        (i, _, key, done, _) = state
        key, accept_key, sample_key, select_key = random.split(key, 4)
        k = random.categorical(select_key, log_p).astype(jnp.int32)
        u_test = _single_ellipsoid_sample(sample_key, mu[k, :], radii[k, :], rotation[k, :, :])
        depth = _depth(u_test, mu, radii, rotation)
        done = random.uniform(accept_key) < jnp.reciprocal(depth)
        return (i + jnp.ones((), jnp.int32), k, key, done, u_test)

    _, k, _, _, u_accept = lax.while_loop(lambda state: ~state[3], body,
                                          (jnp.array(0, jnp.int32), jnp.array(0, jnp.int32), key,
                                           jnp.array(False, jnp.bool_), jnp.zeros(D, jnp.float32)))
    return k, u_accept


def _multi_ellipsoid_args():
    mu = jnp.array([[0.3, 0.3], [0.55, 0.6]])
    radii = jnp.array([[0.25, 0.15], [0.3, 0.2]])
    return random.key(7), mu, radii, jnp.stack([_rotation(0.3), _rotation(-0.8)])


@program(twin=_multi_ellipsoid_twin, args=_multi_ellipsoid_args, jvp=(1, 2), vmap=(None, None, 0, None),
         source=JAXNS.format("samplers/multi_ellipsoid/multi_ellipsoid_utils.py") + ", `sample_multi_ellipsoid` "
         "(a while loop picking an ellipsoid by volume, sampling it and accepting by 1/depth, outside the unit "
         "cube never), with `compute_depth_ellipsoids` and `log_ellipsoid_volume`; the loop a while not done")
def jaxns_sample_multi_ellipsoid(key, mu, radii, rotation):
    K, D = radii.shape
    log_p = jax.vmap(_log_ellipsoid_volume)(radii)
    done = False
    i = 0
    k = jnp.array(0, jnp.int32)
    u_test = jnp.zeros(D, jnp.float32)
    while not done:
        key, accept_key, sample_key, select_key = random.split(key, 4)
        k = random.categorical(select_key, log_p).astype(jnp.int32)
        u_test = _single_ellipsoid_sample(sample_key, mu[k, :], radii[k, :], rotation[k, :, :])
        depth = _depth(u_test, mu, radii, rotation)
        done = random.uniform(accept_key) < jnp.reciprocal(depth)
        i += 1
    return k, u_test


def _em_initialize_params(key, data, n_components):
    n, d = data.shape
    # Initialize means by selecting random data points
    assign_idx = random.choice(key, n, shape=(n_components,), replace=False)
    means = data[assign_idx]
    # Initialize covariances as the empirical covariance of the data
    cov = jnp.diag(jnp.var(data, axis=0))
    covariances = jnp.repeat(cov[None, ...], n_components, axis=0)
    # Initialize mixture weights uniformly
    log_weights = jnp.full((n_components,), -jnp.log(n_components), jnp.float32)
    return means, covariances, log_weights


def _em_e_step(data, means, covariances, log_weights):
    # Compute the probabilities of each data point belonging to each Gaussian (mask=None)
    logpdf = jax.vmap(lambda m, c: jax.scipy.stats.multivariate_normal.logpdf(data, m, c))(means, covariances)
    logpdf_weighted = logpdf + log_weights[:, None]
    # Normalize probabilities
    return logpdf_weighted - jax.scipy.special.logsumexp(logpdf_weighted, axis=0)


def _em_m_step(data, log_responsibilities):
    n_components, num_data = log_responsibilities.shape
    _, d = data.shape
    log_weights = jax.scipy.special.logsumexp(log_responsibilities, axis=1) - jnp.log(num_data)
    weighted_responsibilities = jnp.exp(log_responsibilities - log_weights[:, None] - jnp.log(num_data))
    means = jnp.matmul(weighted_responsibilities, data)
    centered_data = data[None, :, :] - means[:, None, :]  # num_components, num_data, D
    covariances = jnp.einsum("cn,cnd,cne->cde", weighted_responsibilities, centered_data, centered_data)
    covariances = covariances + 1e-4 * jnp.eye(d)
    return means, covariances, log_weights


def _em_gmm_twin(key, data, n_components=2, n_iters=10, tol=1e-6):
    params = _em_initialize_params(key, data, n_components)

    def body(state):
        _, i, params = state
        log_responsibilities = _em_e_step(data, *params)
        new_params = _em_m_step(data, log_responsibilities)
        done = False
        for param, new_param in zip(params, new_params):
            done = done | (jnp.all(jnp.abs(jnp.asarray(param) - jnp.asarray(new_param)) < tol)) | (i >= n_iters)
        return done, i + 1, new_params

    def cond(state):
        done, _, params = state
        return jnp.bitwise_not(done)

    _, total_iters, params = lax.while_loop(cond, body, (jnp.asarray(False, jnp.bool_), jnp.asarray(0, jnp.int32),
                                                         params))
    cluster_id = jnp.argmax(_em_e_step(data, *params), axis=0)
    return cluster_id, params, total_iters


def _em_args():
    k1, k2 = random.split(random.key(10))
    blob1 = 0.3 * random.normal(k1, (10, 2)) + jnp.array([0.0, 1.0])
    blob2 = 0.5 * random.normal(k2, (10, 2)) + jnp.array([2.0, -1.0])
    return random.key(12), jnp.concatenate([blob1, blob2])


@program(twin=_em_gmm_twin, args=_em_args, jvp=(1,), vmap=(None, 0), rtol=1e-4,
         source=JAXNS.format("samplers/multi_ellipsoid/em_gmm.py") + ", `em_gmm` (a while loop of E and M steps "
         "until every parameter moves less than tol or n_iters is passed) with `initialize_params`, `e_step` and "
         "`m_step`, mask=None, two components, float32 for mp_policy's dtypes; the loop a while not done")
def jaxns_em_gmm(key, data, n_components=2, n_iters=10, tol=1e-6):
    params = _em_initialize_params(key, data, n_components)
    i = 0
    done = False
    while not done:
        log_responsibilities = _em_e_step(data, *params)
        new_params = _em_m_step(data, log_responsibilities)
        done = False
        for param, new_param in zip(params, new_params):
            done = done | (jnp.all(jnp.abs(jnp.asarray(param) - jnp.asarray(new_param)) < tol)) | (i >= n_iters)
        i += 1
        params = new_params
    cluster_id = jnp.argmax(_em_e_step(data, *params), axis=0)
    return cluster_id, params, i


# --- luchris429/purejaxrl: generalised advantage estimation ---------------------------------------------------

GAMMA, GAE_LAMBDA = 0.99, 0.95  # purejaxrl/ppo.py's config


def _gae_twin(reward, value, done, last_val):
    def _get_advantages(gae_and_next_value, transition):
        gae, next_value = gae_and_next_value
        done, value, reward = transition
        delta = reward + GAMMA * next_value * (1 - done) - value
        gae = delta + GAMMA * GAE_LAMBDA * (1 - done) * gae
        return (gae, value), gae

    _, advantages = lax.scan(_get_advantages, (jnp.zeros_like(last_val), last_val), (done, value, reward),
                             reverse=True, unroll=16)
    return advantages, advantages + value


def _gae_args():
    k1, k2, k3 = random.split(random.key(8), 3)
    reward = random.normal(k1, (12, 2))
    value = random.normal(k2, (12, 2))
    done = (random.uniform(k3, (12, 2)) < 0.2).astype(jnp.float32)
    return reward, value, done, jnp.array([0.3, -0.4])


@program(twin=_gae_twin, args=_gae_args, grad=(0, 1, 3), loss=lambda out: jnp.sum(out[0]) + jnp.sum(out[1] ** 2),
         vmap=(0, 0, 0, 0),
         source=PUREJAXRL.format("ppo.py") + ", `_calculate_gae` (a reversed lax.scan over the trajectory, "
         "Schulman et al. (2016), eq. 16), GAMMA and GAE_LAMBDA of its config, a trajectory as three arrays; the "
         "scan a for over reversed(range(T)) appending to a list")
def purejaxrl_gae(reward, value, done, last_val):
    gae = jnp.zeros_like(last_val)
    next_value = last_val
    advantages = []
    for t in reversed(range(reward.shape[0])):
        delta = reward[t] + GAMMA * next_value * (1 - done[t]) - value[t]
        gae = delta + GAMMA * GAE_LAMBDA * (1 - done[t]) * gae
        next_value = value[t]
        advantages.append(gae)
    advantages = jnp.stack(advantages[::-1])
    return advantages, advantages + value


# --- JaxGaussianProcesses/GPJax: the Wasserstein barycentre's fixed point ------------------------------------

def sqrtm(A):
    return jnp.real(jsl.sqrtm(A))


def _barycentre_twin(cov_stack, weights):
    stack_sqrt = jax.vmap(sqrtm)(cov_stack)

    def step(covariance_candidate, idx):
        inner_term = jax.vmap(sqrtm)(jnp.matmul(jnp.matmul(stack_sqrt, covariance_candidate), stack_sqrt))
        fixed_point = jnp.tensordot(weights, inner_term, axes=1)
        return fixed_point, fixed_point

    initial_covariance = jnp.eye(cov_stack.shape[1])
    return lax.scan(step, initial_covariance, jnp.arange(50))


def _barycentre_args():
    m = random.normal(random.key(9), (3, 3, 3))
    return m @ jnp.swapaxes(m, 1, 2) + 0.5 * jnp.eye(3), jnp.ones((3,)) / 3


@program(twin=_barycentre_twin, args=_barycentre_args, vmap=(None, 0), rtol=1e-4,
         source=GPJAX.format("examples/barycentres.py") + ", `wasserstein_barycentres` and its lax.scan over "
         "jnp.arange(50) (the fixed point of Alvarez-Esteban et al. (2016) for Gaussian measures), three 3x3 "
         "covariances; the scan a for loop keeping the sequence in a list")
def gpjax_wasserstein_barycentre(cov_stack, weights):
    stack_sqrt = jax.vmap(sqrtm)(cov_stack)
    covariance = jnp.eye(cov_stack.shape[1])
    sequence = []
    for _ in range(50):
        inner_term = jax.vmap(sqrtm)(jnp.matmul(jnp.matmul(stack_sqrt, covariance), stack_sqrt))
        covariance = jnp.tensordot(weights, inner_term, axes=1)
        sequence.append(covariance)
    return covariance, jnp.stack(sequence)


# --- tensorflow/probability: the secant method and Chandrupatla's method ----------------------------------------

def _tfp_objective(a):
    return lambda x: x ** 3 - 2.0 * x - a


def _secant_twin(a, initial_position, position_tolerance=1e-6, value_tolerance=1e-4, max_iterations=50):
    objective_fn = _tfp_objective(a)
    position = initial_position
    value_at_position = objective_fn(position)
    zero = jnp.zeros_like(position)
    num_iterations = jnp.zeros_like(position, dtype=jnp.int32)
    step = (position + jnp.sign(position)) * 1e-4
    nan_mask = jnp.isnan(value_at_position)
    finished = nan_mask | jnp.zeros(jnp.shape(position), dtype=jnp.bool_)

    def _should_continue(carry):
        *_, finished = carry
        return ~jnp.all(finished)

    def _body(carry):
        position, value_at_position, num_iterations, step, finished = carry
        # True if the search was already finished, or (1) or (3) just became true.
        was_finished = finished | (num_iterations >= max_iterations) | (
            jnp.abs(step) < position_tolerance) | (jnp.abs(value_at_position) < value_tolerance)
        # Compute the next position and the value at that point.
        next_position = jnp.where(was_finished, position, position + step)
        value_at_next_position = jnp.where(was_finished, value_at_position, objective_fn(next_position))
        nan_mask = jnp.isnan(value_at_next_position)
        # True if the search was already finished, or (2) or (4) just became true.
        is_finished = nan_mask | jnp.equal(value_at_position, value_at_next_position)
        # Use the mid-point between the last two positions if (2) just became true.
        next_position = jnp.where(is_finished & ~was_finished, (position + next_position) * 0.5, next_position)
        next_position = jnp.where(nan_mask, jnp.nan, next_position)
        # Once finished, stop updating the iteration index and set the step to zero.
        num_iterations = jnp.where(is_finished, num_iterations, num_iterations + 1)
        next_step = jnp.where(is_finished, zero, step * value_at_next_position /
                              (value_at_position - value_at_next_position))
        return next_position, value_at_next_position, num_iterations, next_step, is_finished

    root, value_at_root, num_iterations, _, _ = lax.while_loop(
        _should_continue, _body, (position, value_at_position, num_iterations, step, finished))
    root = jnp.where(nan_mask, jnp.nan, root)
    return root, value_at_root, num_iterations


# The objective at the root is a cancellation: XLA's fused multiply-adds under jit move it by a few ulps of the
# root (float64 agrees to the last digit), hence the tolerance on these two programs; and tolerances well above
# float32's epsilon (the library's 1e-8 stops on rounding, at a different step eager and under jit).
@program(twin=_secant_twin, args=lambda: (jnp.float32(5.0), jnp.float32(2.5)), jvp=(0, 1), vmap=(0, 0), rtol=5e-2,
         source=TFP + ", `find_root_secant` (a tf.while_loop; every element stops on (1) a root, (2) equal values, "
         "(3) max_iterations or (4) NaN), a scalar start, stopping_policy_fn=tf.reduce_all, tolerances 1e-6 and "
         "1e-4; the loop a while "
         "with breaks for the four stopping cases")
def tfp_secant_root(a, initial_position, position_tolerance=1e-6, value_tolerance=1e-4, max_iterations=50):
    objective_fn = _tfp_objective(a)
    position = initial_position
    value_at_position = objective_fn(position)
    num_iterations = 0
    step = (position + jnp.sign(position)) * 1e-4
    if jnp.isnan(value_at_position):
        return jnp.nan, value_at_position, num_iterations
    while True:
        if (num_iterations >= max_iterations or jnp.abs(step) < position_tolerance
                or jnp.abs(value_at_position) < value_tolerance):
            break
        next_position = position + step
        value_at_next_position = objective_fn(next_position)
        if jnp.isnan(value_at_next_position):
            return jnp.nan, value_at_next_position, num_iterations
        if value_at_position == value_at_next_position:
            # Use the mid-point between the last two positions.
            position = (position + next_position) * 0.5
            value_at_position = value_at_next_position
            break
        num_iterations += 1
        step = step * value_at_next_position / (value_at_position - value_at_next_position)
        position, value_at_position = next_position, value_at_next_position
    return position, value_at_position, num_iterations


def _chandrupatla_twin(a, low, high, position_tolerance=1e-6, value_tolerance=1e-4, max_iterations=50):
    objective_fn = _tfp_objective(a)

    def _should_continue(carry):
        a, b, f_a, f_b, t, num_iterations, converged = carry
        return ~jnp.all(jnp.logical_or(converged, num_iterations >= max_iterations))

    def _body(carry):
        a, b, f_a, f_b, t, num_iterations, converged = carry
        previous_loop_vars = carry
        finalized_elements = jnp.logical_or(converged, num_iterations >= max_iterations)
        # Evaluate the new point.
        x_new = (1 - t) * a + t * b
        f_new = objective_fn(x_new)
        at_fixed_point = jnp.equal(x_new, a) & jnp.equal(t, 0.5)
        # Otherwise, tighten the bounds.
        same = jnp.equal(jnp.sign(f_new), jnp.sign(f_a))
        a, b, c, f_a, f_b, f_c = [jnp.where(same, x, y) for x, y in zip(
            (x_new, b, a, f_new, f_b, f_a), (x_new, a, b, f_new, f_a, f_b))]
        # Check for convergence.
        f_best = jnp.where(jnp.abs(f_a) < jnp.abs(f_b), f_a, f_b)
        interval_tolerance = position_tolerance / (jnp.abs(b - c))
        converged = jnp.logical_or(interval_tolerance > 0.5,
                                   jnp.logical_or(jnp.abs(f_best) <= value_tolerance, at_fixed_point))
        # Propose next point to evaluate.
        xi = (a - b) / (c - b)
        phi = (f_a - f_b) / (f_c - f_b)
        t = jnp.where(
            # Condition for inverse quadratic interpolation.
            jnp.logical_and(1 - jnp.sqrt(1 - xi) < phi, jnp.sqrt(xi) > phi),
            # Propose a point by inverse quadratic interpolation.
            (f_a / (f_b - f_a) * f_c / (f_b - f_c) + (c - a) / (b - a) * f_a / (f_c - f_a) * f_b / (f_c - f_b)),
            # Otherwise, just cut the interval in half (bisection).
            0.5)
        # Constrain the proposal to the current interval (0 < t < 1).
        t = jnp.minimum(jnp.maximum(t, interval_tolerance), 1 - interval_tolerance)
        # Update elements that haven't converged.
        return tuple(jnp.where(finalized_elements, x, y) for x, y in zip(
            previous_loop_vars, (a, b, f_a, f_b, t, num_iterations + 1, converged)))

    f_a, f_b = objective_fn(low), objective_fn(high)
    a, b, f_a, f_b, _, num_iterations, _ = lax.while_loop(
        _should_continue, _body,
        (low, high, f_a, f_b, jnp.float32(0.5), jnp.int32(0), jnp.bool_(False)))
    x_best, f_best = [jnp.where(jnp.abs(f_a) < jnp.abs(f_b), x, y) for x, y in zip((a, f_a), (b, f_b))]
    return x_best, f_best, num_iterations


@program(twin=_chandrupatla_twin, args=lambda: (jnp.float32(5.0), jnp.float32(0.0), jnp.float32(4.0)),
         vmap=(0, None, 0), rtol=5e-2,  # (no jvp: its test compares primals at 1e-4, see above)
         source=TFP + ", `find_root_chandrupatla` (a tf.while_loop of bisection and inverse quadratic "
         "interpolation, Chandrupatla (1997)), scalar bounds, stopping_policy_fn=tf.reduce_all, tolerances 1e-6 "
         "and 1e-4; the loop a while "
         "on not converged, the where's of the bracket and of the proposal if/else")
def tfp_chandrupatla_root(a, low, high, position_tolerance=1e-6, value_tolerance=1e-4, max_iterations=50):
    objective_fn = _tfp_objective(a)
    a, b = low, high
    f_a, f_b = objective_fn(a), objective_fn(b)
    t = 0.5
    num_iterations = 0
    converged = False
    while not converged and num_iterations < max_iterations:
        # Evaluate the new point.
        x_new = (1 - t) * a + t * b
        f_new = objective_fn(x_new)
        at_fixed_point = x_new == a and t == 0.5
        # Otherwise, tighten the bounds.
        if jnp.sign(f_new) == jnp.sign(f_a):
            a, b, c, f_a, f_b, f_c = x_new, b, a, f_new, f_b, f_a
        else:
            a, b, c, f_a, f_b, f_c = x_new, a, b, f_new, f_a, f_b
        # Check for convergence.
        f_best = jnp.where(jnp.abs(f_a) < jnp.abs(f_b), f_a, f_b)
        interval_tolerance = position_tolerance / (jnp.abs(b - c))
        converged = interval_tolerance > 0.5 or jnp.abs(f_best) <= value_tolerance or at_fixed_point
        # Propose next point to evaluate.
        xi = (a - b) / (c - b)
        phi = (f_a - f_b) / (f_c - f_b)
        if 1 - jnp.sqrt(1 - xi) < phi and jnp.sqrt(xi) > phi:
            # Propose a point by inverse quadratic interpolation.
            t = f_a / (f_b - f_a) * f_c / (f_b - f_c) + (c - a) / (b - a) * f_a / (f_c - f_a) * f_b / (f_c - f_b)
        else:
            # Otherwise, just cut the interval in half (bisection).
            t = 0.5
        # Constrain the proposal to the current interval (0 < t < 1).
        t = jnp.minimum(jnp.maximum(t, interval_tolerance), 1 - interval_tolerance)
        num_iterations += 1
    if jnp.abs(f_a) < jnp.abs(f_b):
        return a, f_a, num_iterations
    return b, f_b, num_iterations
