"""A sixteenth set of programs, from three JAX repositories the corpus did not cite before: MPAX (MIT-Lu-Lab/MPAX:
mathematical programming in JAX, a restarted accelerated PDHG solver for linear and quadratic programs;
``rapdhg.py``'s power method for the largest singular value of the constraint matrix, a bounded ``while_loop``
whose test holds a ``lax.cond`` on the iteration count; its adaptive line search, a bounded ``while_loop`` whose
test is a ``lax.cond`` and whose body caps the step by a ``lax.cond`` on the primal-dual interaction; its
``take_multiple_steps``, a ``lax.fori_loop`` of adaptive PDHG steps each holding that line search;
``restart.py``'s ``run_restart_scheme``, a ``lax.cond`` on the number of solutions around the KKT restart
criteria (``lax.cond``s on the reduction ratio, the restart metric and ``is_lp``) then a ``lax.cond`` on the restart
decision, whose restart branch holds ``weighted_norm``'s and ``compute_new_primal_weight``'s ``lax.cond``s; its
``select_initial_primal_weight``, a ``lax.cond`` on both norms after ``weighted_norm``'s),
Craftax (MichaelTMatthews/Craftax: the classic game's ``update_player_intrinsics``, a chain of ``lax.select``s on
sleep, hunger, thirst, fatigue and health; ``update_plants``, a ``lax.scan`` over the plant slots carrying the map
through a ``lax.select`` on a ripe plant; ``add_new_growing_plant``, a ``lax.scan`` for the empty slots then
``lax.select``s on placing a sapling) and big_vision (google-research/big_vision: ``utils.py``'s
``accumulate_gradient``, a ``lax.fori_loop`` from 1 over the micro-batches cut by ``lax.dynamic_slice``; UViM's
``decode.py`` temperature sampling, a ``lax.while_loop`` until the length is reached or every sequence has ended,
sampling the top k and keeping prompt tokens; UViM's VQ-VAE dictionary learning in ``vit.py``'s ``Model.encode``,
a ``lax.while_loop`` splitting the most frequent codeword while any count is under ``min_count``). Eleven programs.

The twin is the library's own ``lax`` code. ``plain`` is that control flow as Python: MPAX's bounded ``while_loop``
(``loop_utils.while_loop``, whose ``_while_loop_lax`` is the twin's) as the library's own ``_while_loop_python``
(``for _ in range(maxiter): if not cond_fun(val): break; val = body_fun(val)``), ``lax.fori_loop(lo, hi, body,
init)`` as ``for i in range(lo, hi)``, ``lax.scan`` as a ``for`` over its indices appending the outputs to a list that
is stacked, ``lax.while_loop(cond, body, init)`` as ``while cond(state)``, and ``lax.cond`` / ``lax.select`` on a
traced predicate as ``if``/``else`` (a ``cond_fun`` that is ``lax.cond(p, lambda _: False, lambda _: True)`` as
``if p: return False`` / ``return True``). Where the library's function holds the loop, a ``loop=`` switch (not
library code) selects the library's ``lax`` call or its Python form, the rest of the function being shared; the
functions made only of ``lax.cond`` / ``lax.select`` (``update_player_intrinsics``, the restart scheme) are written
twice, the Python form named ``..._py``.

Each repository was fetched whole; each program names its commit. Adapted only in calling convention: two-space
indentation is four; MPAX's ``PdhgSolverState``, ``RestartInfo``, ``QuadraticProgrammingProblem`` (only the fields the
functions read; ``is_lp`` a traced boolean) and Craftax's ``EnvState`` (only the fields the functions read) are frozen
dataclasses registered as pytrees with a ``replace`` method (``flax.struct.dataclass`` in Craftax and big_vision, flax
not being installed), passed to the programs as dicts of their fields (``autograph.function`` keys a class instance as a
Python value, so it takes containers of arrays) and built inside, the matrices are dense
(``estimate_maximum_singular_value``'s BCSR / BCOO branches are left out), MPAX's solver attributes
(``self.adaptive_step_size_...``) are its defaults passed as arguments, ``perform_restart``'s debug logging is left out,
``take_multiple_steps`` runs 8 steps (the default ``termination_evaluation_frequency`` is 64); Craftax's enums are their
values; UViM's ``cache_map`` (flax's ``flatten_dict`` over the cache, leaving out ``cached_bias``) is a ``jax.tree.map``
over a cache without one, and the seed is a fixed ``PRNGKey(0)``; ``Model.encode``'s dictionary update takes the
module's state variables and its ``make_rng("vqvae")`` key as arguments and returns them (the encoder around it, a flax
ViT, is left out). The problems solved are small and marked as not library code: a 3 x 4 LP (one equality and two
inequality rows) whose solver state after 8 steps is built by the twin (for the line search, with a step 30 times too
long, so that it shortens it over 4 iterations); a 6 x 4 Craftax map region with six plant slots; a linear softmax
classifier's loss over 8 images in 4 micro-batches; a bigram logit table as the decoder, its cache counting steps; 8
codewords of dimension 3, four of them nearly unused.
Registered into ``programs.PROGRAMS`` (``programs.py`` imports this module after ``libraries_fifteenth``).
"""

from __future__ import annotations

import dataclasses
import functools
from enum import IntEnum, auto

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

from jax_programs.programs import program

MPAX = "MIT-Lu-Lab/MPAX@ca1c669fea422c2509fae4bc30e1d79e6ca8977c (MIT) mpax/{}"
CRAFTAX = "MichaelTMatthews/Craftax@c3c2e0d038c4e641f9481320c158f457f30c28f3 (MIT) craftax/craftax_classic/{}"
BIG_VISION = "google-research/big_vision@0127fb6b337ee2a27bf4e54dea79cff176527356 (Apache-2.0) big_vision/{}"


def pytree_node(cls):
    """Not library code: a frozen dataclass registered as a pytree, with flax.struct's ``replace``."""
    cls = dataclasses.dataclass(frozen=True)(cls)
    cls.replace = dataclasses.replace
    return jax.tree_util.register_dataclass(cls)


# === MPAX =============================================================================================================

# --- loop_utils.py ----------------------------------------------------------------------------------------------------

def _while_loop_python(cond_fun, body_fun, init_val, maxiter):
    """Python based implementation (no jit, reverse-mode autodiff ok)."""
    val = init_val
    for _ in range(maxiter):
        cond = cond_fun(val)
        if not cond:
            # When condition is met, break (not jittable).
            break
        val = body_fun(val)
    return val


def _while_loop_lax(cond_fun, body_fun, init_val, maxiter):
    """lax.while_loop based implementation (jit by default, no reverse-mode)."""

    def _cond_fun(_val):
        it, val = _val
        return jnp.logical_and(cond_fun(val), it <= maxiter - 1)

    def _body_fun(_val):
        it, val = _val
        val = body_fun(val)
        return it + 1, val

    return jax.lax.while_loop(_cond_fun, _body_fun, (0, init_val))[1]


# --- utils.py (the fields the functions below read) -------------------------------------------------------------------

class RestartScheme(IntEnum):
    NO_RESTARTS = auto()
    FIXED_FREQUENCY = auto()
    ADAPTIVE_KKT = auto()


class RestartToCurrentMetric(IntEnum):
    NO_RESTART_TO_CURRENT = auto()
    KKT_GREEDY = auto()


@pytree_node
class QuadraticProgrammingProblem:
    objective_vector: jax.Array
    objective_matrix: jax.Array
    objective_constant: jax.Array
    constraint_matrix: jax.Array
    constraint_matrix_t: jax.Array
    right_hand_side: jax.Array
    variable_lower_bound: jax.Array
    variable_upper_bound: jax.Array
    isfinite_variable_lower_bound: jax.Array
    isfinite_variable_upper_bound: jax.Array
    equalities_mask: jax.Array
    inequalities_mask: jax.Array
    is_lp: jax.Array


@pytree_node
class PdhgSolverState:
    current_primal_solution: jax.Array
    current_dual_solution: jax.Array
    current_primal_product: jax.Array
    current_dual_product: jax.Array
    current_primal_obj_product: jax.Array
    solutions_count: jax.Array
    step_size: jax.Array
    primal_weight: jax.Array
    numerical_error: jax.Array
    num_steps_tried: jax.Array
    num_iterations: jax.Array
    termination_status: jax.Array
    weights_sum: jax.Array
    avg_primal_solution: jax.Array
    avg_dual_solution: jax.Array
    avg_primal_product: jax.Array
    avg_dual_product: jax.Array
    avg_primal_obj_product: jax.Array
    initial_primal_solution: jax.Array
    initial_dual_solution: jax.Array
    initial_primal_product: jax.Array
    initial_dual_product: jax.Array
    delta_primal: jax.Array
    delta_dual: jax.Array
    delta_primal_product: jax.Array


@pytree_node
class RestartInfo:
    primal_solution: jax.Array
    dual_solution: jax.Array
    primal_product: jax.Array
    dual_product: jax.Array
    primal_diff: jax.Array
    dual_diff: jax.Array
    primal_diff_product: jax.Array
    last_restart_length: jax.Array
    primal_distance_moved_last_restart_period: jax.Array
    dual_distance_moved_last_restart_period: jax.Array
    reduction_ratio_last_trial: jax.Array
    primal_obj_product: jax.Array


# raPDHG's defaults (rapdhg.py), passed as arguments
RESTART_PARAMS = dict(
    restart_scheme=RestartScheme.ADAPTIVE_KKT,
    restart_to_current_metric=RestartToCurrentMetric.KKT_GREEDY,
    restart_frequency_if_fixed=1000,
    artificial_restart_threshold=0.36,
    sufficient_reduction_for_restart=0.2,
    necessary_reduction_for_restart=0.8,
    primal_weight_update_smoothing=0.5,
)


@pytree_node
class RestartParameters:
    restart_scheme: int = dataclasses.field(metadata=dict(static=True))
    restart_to_current_metric: int = dataclasses.field(metadata=dict(static=True))
    restart_frequency_if_fixed: int = dataclasses.field(metadata=dict(static=True))
    artificial_restart_threshold: float = dataclasses.field(metadata=dict(static=True))
    sufficient_reduction_for_restart: float = dataclasses.field(metadata=dict(static=True))
    necessary_reduction_for_restart: float = dataclasses.field(metadata=dict(static=True))
    primal_weight_update_smoothing: float = dataclasses.field(metadata=dict(static=True))


# --- rapdhg.py: estimate_maximum_singular_value ----------------------------------------------------------------------

def estimate_maximum_singular_value(matrix, probability_of_failure=0.01, desired_relative_error=0.1, seed=1,
                                    loop="lax"):
    epsilon = 1.0 - (1.0 - desired_relative_error) ** 2
    key = jax.random.PRNGKey(seed)
    x = jax.random.normal(key, (matrix.shape[1],))
    matrix_transpose = matrix.T  # (the BCSR / BCOO branches are left out: a dense matrix)
    number_of_power_iterations = 0

    def cond_fun(state):
        # Corresponds to the power_method_failure_probability in CuPDLP.jl
        x, number_of_power_iterations = state
        power_method_failure_probability = jax.lax.cond(
            # We have to use bitwise operators | instead of or in JAX.
            # Ref: https://github.com/jax-ml/jax/issues/3761#issuecomment-658456938
            (number_of_power_iterations < 2) | (epsilon <= 0.0),
            lambda _: 1.0,
            lambda _: (
                jax.lax.min(
                    0.824, 0.354 / jnp.sqrt(epsilon * (number_of_power_iterations - 1))
                )
                * jnp.sqrt(matrix.shape[1])
                * (1.0 - epsilon) ** (number_of_power_iterations - 0.5)
            ),
            operand=None,
        )
        return power_method_failure_probability > probability_of_failure

    def cond_fun_py(state):  # loop="python": the lax.cond as if/else
        x, number_of_power_iterations = state
        if (number_of_power_iterations < 2) | (epsilon <= 0.0):
            power_method_failure_probability = 1.0
        else:
            power_method_failure_probability = (
                jax.lax.min(
                    0.824, 0.354 / jnp.sqrt(epsilon * (number_of_power_iterations - 1))
                )
                * jnp.sqrt(matrix.shape[1])
                * (1.0 - epsilon) ** (number_of_power_iterations - 0.5)
            )
        return power_method_failure_probability > probability_of_failure

    def body_fun(state):
        x, number_of_power_iterations = state
        x = x / jnp.linalg.norm(x, 2)
        x = matrix_transpose @ (matrix @ x)
        return x, number_of_power_iterations + 1

    if loop == "lax":
        x, number_of_power_iterations = _while_loop_lax(cond_fun, body_fun, (x, 0), 1000)
    else:
        x, number_of_power_iterations = _while_loop_python(cond_fun_py, body_fun, (x, 0), 1000)
    return (
        jnp.sqrt(
            jnp.dot(x, matrix_transpose @ (matrix @ x)) / jnp.linalg.norm(x, 2) ** 2
        ),
        number_of_power_iterations,
    )


def _matrix():
    """Not library code: a 6 x 4 constraint matrix."""
    return jnp.cos(jnp.arange(24.0).reshape(6, 4) * 0.7) + 0.1 * jnp.arange(24.0).reshape(6, 4) / 24


@program(twin=lambda m: estimate_maximum_singular_value(m),
         args=lambda: (_matrix(),), vmap=(0,), jvp=(0,),
         source=MPAX.format("rapdhg.py") + ", `estimate_maximum_singular_value` (mpax/loop_utils.py's "
         "`_while_loop_python`: for _ in range(maxiter): if not cond: break, the test an if on the iteration count)")
def mpax_power_method(matrix):
    return estimate_maximum_singular_value(matrix, loop="python")


# --- rapdhg.py: compute_next_solution, line_search ------------------------------------------------------------------

def compute_next_solution(problem, solver_state, step_size, extrapolation_coefficient):
    # Compute the next primal solution.
    # For LPs, momentum is not activated since both avg_primal_obj_product and current_primal_obj_product are zero
    # vectors.
    momentum_coef = 1 / (1.0 + solver_state.solutions_count / 2.0)
    next_primal_solution = solver_state.current_primal_solution - (
        step_size / solver_state.primal_weight
    ) * (
        problem.objective_vector
        - solver_state.current_dual_product
        + (1 - momentum_coef) * solver_state.avg_primal_obj_product
        + momentum_coef * solver_state.current_primal_obj_product
    )
    # Projection.
    next_primal_solution = jnp.minimum(
        problem.variable_upper_bound,
        jnp.maximum(problem.variable_lower_bound, next_primal_solution),
    )
    delta_primal = next_primal_solution - solver_state.current_primal_solution
    delta_primal_product = problem.constraint_matrix @ delta_primal

    # Compute the next dual solution.
    next_dual_solution = solver_state.current_dual_solution + (
        solver_state.primal_weight * step_size
    ) * (
        problem.right_hand_side
        - (1 + extrapolation_coefficient) * delta_primal_product
        - solver_state.current_primal_product
    )
    next_dual_solution = jnp.where(
        problem.inequalities_mask,
        jnp.maximum(next_dual_solution, 0.0),
        next_dual_solution,
    )
    delta_dual_solution = next_dual_solution - solver_state.current_dual_solution
    return delta_primal, delta_primal_product, delta_dual_solution


def line_search(problem, solver_state, reduction_exponent, growth_exponent, step_size_limit_coef, loop="lax"):

    def cond_fun(line_search_state):
        step_size_limit = line_search_state[4]
        old_step_size = line_search_state[6]
        return jax.lax.cond(
            old_step_size <= step_size_limit,
            lambda _: False,
            lambda _: True,
            operand=None,
        )

    def cond_fun_py(line_search_state):  # loop="python": the lax.cond as if/else
        step_size_limit = line_search_state[4]
        old_step_size = line_search_state[6]
        if old_step_size <= step_size_limit:
            return False
        else:
            return True

    def body_fun(line_search_state):
        line_search_iter = line_search_state[0]
        step_size_limit = line_search_state[4]
        step_size = line_search_state[5]
        line_search_iter += 1
        delta_primal, delta_primal_product, delta_dual = compute_next_solution(
            problem, solver_state, step_size, 1.0
        )
        interaction = jnp.abs(jnp.dot(delta_primal_product, delta_dual))
        movement = 0.5 * solver_state.primal_weight * jnp.sum(
            jnp.square(delta_primal)
        ) + (0.5 / solver_state.primal_weight) * jnp.sum(jnp.square(delta_dual))

        if loop == "lax":
            step_size_limit = jax.lax.cond(
                interaction > 0,
                lambda _: movement / interaction * step_size_limit_coef,
                lambda _: jnp.inf,
                operand=None,
            )
        else:  # loop="python": the lax.cond as if/else
            if interaction > 0:
                step_size_limit = movement / interaction * step_size_limit_coef
            else:
                step_size_limit = jnp.inf
        old_step_size = step_size
        first_term = (
            1
            - 1
            / (solver_state.num_steps_tried + line_search_iter + 1)
            ** reduction_exponent
        ) * step_size_limit
        second_term = (
            1
            + 1
            / (solver_state.num_steps_tried + line_search_iter + 1) ** growth_exponent
        ) * step_size
        step_size = jnp.minimum(first_term, second_term)

        return (
            line_search_iter,
            delta_primal,
            delta_dual,
            delta_primal_product,
            step_size_limit,
            step_size,
            old_step_size,
        )

    init_val = (
        0,
        jnp.zeros_like(solver_state.current_primal_solution),
        jnp.zeros_like(solver_state.current_dual_solution),
        jnp.zeros_like(solver_state.current_dual_solution),
        -jnp.inf,
        solver_state.step_size,
        solver_state.step_size,
    )
    if loop == "lax":
        final = _while_loop_lax(cond_fun, body_fun, init_val, 10)
    else:
        final = _while_loop_python(cond_fun_py, body_fun, init_val, 10)
    (
        line_search_iter,
        delta_primal,
        delta_dual,
        delta_primal_product,
        step_size_limit,
        step_size,
        old_step_size,
    ) = final

    return delta_primal, delta_dual, delta_primal_product, step_size, line_search_iter


# --- rapdhg.py: raPDHG.take_step (adaptive_step_size=True), take_multiple_steps -------------------------------------

def take_step(solver_state, problem, reduction_exponent=0.3, growth_exponent=0.6, step_size_limit_coef=1.0,
              loop="lax"):
    (
        delta_primal,
        delta_dual,
        delta_primal_product,
        step_size,
        line_search_iter,
    ) = line_search(
        problem,
        solver_state,
        reduction_exponent,
        growth_exponent,
        step_size_limit_coef,
        loop=loop,
    )

    next_primal_solution = solver_state.current_primal_solution + delta_primal
    next_primal_product = solver_state.current_primal_product + delta_primal_product
    next_primal_obj_product = problem.objective_matrix @ next_primal_solution
    next_dual_solution = solver_state.current_dual_solution + delta_dual
    next_dual_product = problem.constraint_matrix_t @ next_dual_solution

    ratio = step_size / (solver_state.weights_sum + step_size)
    next_avg_primal_solution = solver_state.avg_primal_solution + ratio * (
        next_primal_solution - solver_state.avg_primal_solution
    )
    next_avg_dual_solution = solver_state.avg_dual_solution + ratio * (
        next_dual_solution - solver_state.avg_dual_solution
    )
    next_avg_primal_product = solver_state.avg_primal_product + ratio * (
        next_primal_product - solver_state.avg_primal_product
    )
    next_avg_dual_product = solver_state.avg_dual_product + ratio * (
        next_dual_product - solver_state.avg_dual_product
    )
    next_avg_primal_obj_product = solver_state.avg_primal_obj_product + ratio * (
        next_primal_obj_product - solver_state.avg_primal_obj_product
    )
    new_solutions_count = solver_state.solutions_count + 1
    new_weights_sum = solver_state.weights_sum + step_size

    return PdhgSolverState(
        current_primal_solution=next_primal_solution,
        current_dual_solution=next_dual_solution,
        current_primal_product=next_primal_product,
        current_dual_product=next_dual_product,
        current_primal_obj_product=next_primal_obj_product,
        avg_primal_solution=next_avg_primal_solution,
        avg_dual_solution=next_avg_dual_solution,
        avg_primal_product=next_avg_primal_product,
        avg_dual_product=next_avg_dual_product,
        avg_primal_obj_product=next_avg_primal_obj_product,
        initial_primal_solution=solver_state.initial_primal_solution,
        initial_dual_solution=solver_state.initial_dual_solution,
        initial_primal_product=solver_state.initial_primal_product,
        initial_dual_product=solver_state.initial_dual_product,
        delta_primal=delta_primal,
        delta_dual=delta_dual,
        delta_primal_product=delta_primal_product,
        solutions_count=new_solutions_count,
        weights_sum=new_weights_sum,
        step_size=step_size,
        primal_weight=solver_state.primal_weight,
        numerical_error=False,
        num_steps_tried=solver_state.num_steps_tried + line_search_iter,
        num_iterations=solver_state.num_iterations + 1,
        termination_status=0,  # TerminationStatus.UNSPECIFIED
    )


TERMINATION_EVALUATION_FREQUENCY = 8  # not library code: the default is 64


def take_multiple_steps(solver_state, problem, loop="lax"):
    if loop == "lax":
        new_solver_state = jax.lax.fori_loop(
            lower=0,
            upper=TERMINATION_EVALUATION_FREQUENCY,
            body_fun=lambda i, x: take_step(x, problem),
            init_val=solver_state,
        )
    else:  # loop="python"
        new_solver_state = solver_state
        for i in range(TERMINATION_EVALUATION_FREQUENCY):
            new_solver_state = take_step(new_solver_state, problem, loop="python")
    return new_solver_state


def _lp():
    """Not library code: min c.x s.t. row 0 = 4, rows 1, 2 >= rhs, 0 <= x <= 10."""
    A = jnp.array([[1.0, 1.0, 1.0, 1.0], [1.0, -1.0, 0.0, 2.0], [0.0, 1.0, 3.0, -1.0]])
    n = A.shape[1]
    return QuadraticProgrammingProblem(
        objective_vector=jnp.array([1.0, 2.0, -1.0, 0.5]),
        objective_matrix=jnp.zeros((n, n)),
        objective_constant=jnp.float32(0.0),
        constraint_matrix=A,
        constraint_matrix_t=A.T,
        right_hand_side=jnp.array([4.0, 1.0, 2.0]),
        variable_lower_bound=jnp.zeros(n),
        variable_upper_bound=jnp.full(n, 10.0),
        isfinite_variable_lower_bound=jnp.ones(n, bool),
        isfinite_variable_upper_bound=jnp.ones(n, bool),
        equalities_mask=jnp.array([True, False, False]),
        inequalities_mask=jnp.array([False, True, True]),
        is_lp=jnp.bool_(True),
    )


def _initial_state(problem):
    """Not library code: the solver's state at zero (its initial step size 1 / ||A||_inf)."""
    n, m = problem.objective_vector.shape[0], problem.right_hand_side.shape[0]
    zn, zm = jnp.zeros(n), jnp.zeros(m)
    return PdhgSolverState(
        current_primal_solution=zn, current_dual_solution=zm, current_primal_product=zm, current_dual_product=zn,
        current_primal_obj_product=zn, solutions_count=jnp.int32(0),
        step_size=1.0 / jnp.max(jnp.abs(problem.constraint_matrix)), primal_weight=jnp.float32(1.0),
        numerical_error=jnp.bool_(False), num_steps_tried=jnp.int32(0), num_iterations=jnp.int32(0),
        termination_status=jnp.int32(0), weights_sum=jnp.float32(0.0),
        avg_primal_solution=zn, avg_dual_solution=zm, avg_primal_product=zm, avg_dual_product=zn,
        avg_primal_obj_product=zn, initial_primal_solution=zn, initial_dual_solution=zm, initial_primal_product=zm,
        initial_dual_product=zn, delta_primal=zn, delta_dual=zm, delta_primal_product=zm)


def _fields(x):
    """Not library code: a dataclass as the dict of its fields (autograph.function takes dicts, not classes)."""
    return {f.name: getattr(x, f.name) for f in dataclasses.fields(x)}


def _line_search_twin(problem, solver_state):
    return line_search(QuadraticProgrammingProblem(**problem), PdhgSolverState(**solver_state), 0.3, 0.6, 1.0)


def _line_search_args():
    problem = _lp()
    state = jax.jit(take_multiple_steps)(_initial_state(problem), problem)
    # not library code: a step 30 times too long, so the search shortens it for 4 iterations
    return _fields(problem), _fields(state.replace(step_size=30 * state.step_size))


@program(twin=_line_search_twin, args=_line_search_args,
         source=MPAX.format("rapdhg.py") + ", `line_search` (a bounded while whose test is an if returning False "
         "or True, its step limit an if on the interaction; `_while_loop_python`'s break)")
def mpax_line_search(problem, solver_state):
    problem, solver_state = QuadraticProgrammingProblem(**problem), PdhgSolverState(**solver_state)
    return line_search(problem, solver_state, 0.3, 0.6, 1.0, loop="python")


@program(twin=lambda s, p: take_multiple_steps(PdhgSolverState(**s), QuadraticProgrammingProblem(**p)),
         args=lambda: (_fields(_initial_state(_lp())), _fields(_lp())),
         source=MPAX.format("rapdhg.py") + ", `raPDHG.take_multiple_steps` (a for over 8 adaptive steps, each "
         "`take_step`'s line search: a bounded while with a break, nested in the for)")
def mpax_take_multiple_steps(solver_state, problem):
    solver_state, problem = PdhgSolverState(**solver_state), QuadraticProgrammingProblem(**problem)
    return take_multiple_steps(solver_state, problem, loop="python")


# --- iteration_stats_utils.py, restart.py: run_restart_scheme -------------------------------------------------------

def compute_dual_objective(variable_lower_bound, variable_upper_bound, reduced_costs, right_hand_side,
                           primal_solution, dual_solution, primal_obj_product, objective_constant):
    dual_objective_contribution_sum = jnp.sum(
        jnp.where(
            reduced_costs > 0.0,
            variable_lower_bound * reduced_costs,
            jnp.where(
                reduced_costs < 0.0,
                variable_upper_bound * reduced_costs,
                0.0,  # Handle the case where reduced_costs == 0
            ),
        )
    )
    base_dual_objective = (
        jnp.dot(right_hand_side, dual_solution)
        + objective_constant
        - 0.5 * jnp.dot(primal_solution, primal_obj_product)
    )
    return base_dual_objective + dual_objective_contribution_sum


def compute_reduced_costs_from_primal_gradient(primal_gradient, isfinite_variable_lower_bound,
                                               isfinite_variable_upper_bound):
    reduced_costs = (
        jnp.maximum(primal_gradient, 0.0) * isfinite_variable_lower_bound
        + jnp.minimum(primal_gradient, 0.0) * isfinite_variable_upper_bound
    )
    reduced_costs_violation = primal_gradient - reduced_costs
    return reduced_costs, reduced_costs_violation


def weighted_norm(vec, weights):
    tmp = jax.lax.cond(jnp.all(vec == 0.0), lambda: 0.0, lambda: jnp.linalg.norm(vec))
    return jnp.sqrt(weights) * tmp


def weighted_norm_py(vec, weights):
    if jnp.all(vec == 0.0):
        tmp = 0.0
    else:
        tmp = jnp.linalg.norm(vec)
    return jnp.sqrt(weights) * tmp


def compute_weight_kkt_residual(problem, primal_iterate, dual_iterate, primal_product, dual_product,
                                primal_obj_product, primal_weight, norm_ord, py=False):
    lower_variable_violation = jnp.maximum(
        problem.variable_lower_bound - primal_iterate, 0.0
    )
    upper_variable_violation = jnp.maximum(
        primal_iterate - problem.variable_upper_bound, 0.0
    )

    constraint_violation = jax.lax.select(
        problem.equalities_mask,
        problem.right_hand_side - primal_product,
        jnp.maximum(problem.right_hand_side - primal_product, 0.0),
    )

    primal_objective = (
        problem.objective_constant
        + jnp.dot(problem.objective_vector, primal_iterate)
        + 0.5 * jnp.dot(primal_iterate, primal_obj_product)
    )
    primal_residual_norm = jnp.linalg.norm(
        jnp.concatenate(
            [constraint_violation, lower_variable_violation, upper_variable_violation]
        ),
        ord=norm_ord,
    )
    relative_primal_residual_norm = primal_residual_norm / (
        1
        + jnp.maximum(
            jnp.linalg.norm(problem.right_hand_side, ord=norm_ord),
            jnp.linalg.norm(primal_product, ord=norm_ord),
        )
    )

    reduced_costs, reduced_costs_violation = compute_reduced_costs_from_primal_gradient(
        problem.objective_vector - dual_product,
        problem.isfinite_variable_lower_bound,
        problem.isfinite_variable_upper_bound,
    )
    dual_objective = compute_dual_objective(
        problem.variable_lower_bound,
        problem.variable_upper_bound,
        reduced_costs,
        problem.right_hand_side,
        primal_iterate,
        dual_iterate,
        primal_obj_product,
        problem.objective_constant,
    )

    dual_residual = jnp.where(
        problem.inequalities_mask, jnp.maximum(-dual_iterate, 0.0), 0.0
    )
    dual_residual_norm = jnp.linalg.norm(dual_residual, ord=norm_ord)
    relative_dual_residual_norm = dual_residual_norm / (
        1
        + jnp.maximum(
            jnp.linalg.norm(problem.right_hand_side, ord=norm_ord),
            jnp.linalg.norm(primal_product, ord=norm_ord),
        )
    )
    absolute_gap = jnp.abs(primal_objective - dual_objective)
    relative_gap = absolute_gap / (
        1 + jnp.maximum(jnp.abs(primal_objective), jnp.abs(dual_objective))
    )
    weighted_kkt_residual = jnp.linalg.norm(
        jnp.array(
            [
                primal_weight * primal_residual_norm,
                1 / primal_weight * dual_residual_norm,
                absolute_gap,
            ]
        ),
        ord=norm_ord,
    )
    relative_weighted_kkt_residual = jnp.linalg.norm(
        jnp.array(
            [
                primal_weight * relative_primal_residual_norm,
                1 / primal_weight * relative_dual_residual_norm,
                relative_gap,
            ]
        ),
        ord=norm_ord,
    )
    if not py:
        return jax.lax.cond(
            problem.is_lp,
            lambda: weighted_kkt_residual,
            lambda: relative_weighted_kkt_residual,
        )
    # py=True: the lax.cond as if/else
    if problem.is_lp:
        return weighted_kkt_residual
    else:
        return relative_weighted_kkt_residual


def should_do_adaptive_restart_kkt(problem, kkt_candidate_residual, restart_params, last_restart_info,
                                   primal_weight, norm_ord):
    kkt_last_residual = compute_weight_kkt_residual(
        problem,
        last_restart_info.primal_solution,
        last_restart_info.dual_solution,
        last_restart_info.primal_product,
        last_restart_info.dual_product,
        last_restart_info.primal_obj_product,
        primal_weight,
        norm_ord,
    )

    # Stop gradient since kkt_last_residual might be zero.
    kkt_reduction_ratio = jax.lax.stop_gradient(
        jax.lax.cond(
            kkt_last_residual > jnp.finfo(float).eps,
            lambda: kkt_candidate_residual / kkt_last_residual,
            lambda: 1.0,
        )
    )
    do_restart = jax.lax.cond(
        (kkt_reduction_ratio < restart_params.necessary_reduction_for_restart)
        & (
            (kkt_reduction_ratio < restart_params.sufficient_reduction_for_restart)
            | (kkt_reduction_ratio > last_restart_info.reduction_ratio_last_trial)
        ),
        lambda: True,
        lambda: False,
    )
    return do_restart, kkt_reduction_ratio


def should_do_adaptive_restart_kkt_py(problem, kkt_candidate_residual, restart_params, last_restart_info,
                                      primal_weight, norm_ord):
    kkt_last_residual = compute_weight_kkt_residual(
        problem,
        last_restart_info.primal_solution,
        last_restart_info.dual_solution,
        last_restart_info.primal_product,
        last_restart_info.dual_product,
        last_restart_info.primal_obj_product,
        primal_weight,
        norm_ord,
        py=True,
    )

    # Stop gradient since kkt_last_residual might be zero.
    if kkt_last_residual > jnp.finfo(float).eps:
        kkt_reduction_ratio = kkt_candidate_residual / kkt_last_residual
    else:
        kkt_reduction_ratio = 1.0
    kkt_reduction_ratio = jax.lax.stop_gradient(kkt_reduction_ratio)
    if (kkt_reduction_ratio < restart_params.necessary_reduction_for_restart) & (
        (kkt_reduction_ratio < restart_params.sufficient_reduction_for_restart)
        | (kkt_reduction_ratio > last_restart_info.reduction_ratio_last_trial)
    ):
        do_restart = True
    else:
        do_restart = False
    return do_restart, kkt_reduction_ratio


def restart_criteria_met_kkt(restart_params, problem, solver_state, last_restart_info, norm_ord, py=False):
    # Computational expensive!!!
    current_kkt_res = compute_weight_kkt_residual(
        problem,
        solver_state.current_primal_solution,
        solver_state.current_dual_solution,
        solver_state.current_primal_product,
        solver_state.current_dual_product,
        solver_state.current_primal_obj_product,
        solver_state.primal_weight,
        norm_ord,
        py=py,
    )
    avg_kkt_res = compute_weight_kkt_residual(
        problem,
        solver_state.avg_primal_solution,
        solver_state.avg_dual_solution,
        solver_state.avg_primal_product,
        solver_state.avg_dual_product,
        solver_state.avg_primal_obj_product,
        solver_state.primal_weight,
        norm_ord,
        py=py,
    )
    restart_length = solver_state.solutions_count
    restart_condition = lambda kkt_do_restart: (  # noqa: E731 (not library code: the test shared by both forms)
        (
            restart_length
            >= (
                restart_params.artificial_restart_threshold
                * solver_state.num_iterations
            )
        )
        | (
            (restart_params.restart_scheme == RestartScheme.FIXED_FREQUENCY)
            & (restart_length >= restart_params.restart_frequency_if_fixed)
        )
        | (
            (restart_params.restart_scheme == RestartScheme.ADAPTIVE_KKT)
            & (kkt_do_restart)
        )
    )
    if not py:
        reset_to_average = jax.lax.cond(
            restart_params.restart_to_current_metric == RestartToCurrentMetric.KKT_GREEDY,
            lambda: current_kkt_res >= avg_kkt_res,
            lambda: True,
        )
        candidate_kkt_residual = jax.lax.cond(
            reset_to_average, lambda: avg_kkt_res, lambda: current_kkt_res
        )
        kkt_do_restart, kkt_reduction_ratio = should_do_adaptive_restart_kkt(
            problem,
            candidate_kkt_residual,
            restart_params,
            last_restart_info,
            solver_state.primal_weight,
            norm_ord,
        )
        do_restart = jax.lax.cond(
            restart_condition(kkt_do_restart),
            lambda: True,
            lambda: False,
        )
        return do_restart, reset_to_average, kkt_reduction_ratio
    # py=True: the lax.conds as if/else
    if restart_params.restart_to_current_metric == RestartToCurrentMetric.KKT_GREEDY:
        reset_to_average = current_kkt_res >= avg_kkt_res
    else:
        reset_to_average = True
    if reset_to_average:
        candidate_kkt_residual = avg_kkt_res
    else:
        candidate_kkt_residual = current_kkt_res
    kkt_do_restart, kkt_reduction_ratio = should_do_adaptive_restart_kkt_py(
        problem,
        candidate_kkt_residual,
        restart_params,
        last_restart_info,
        solver_state.primal_weight,
        norm_ord,
    )
    if restart_condition(kkt_do_restart):
        do_restart = True
    else:
        do_restart = False
    return do_restart, reset_to_average, kkt_reduction_ratio


def compute_new_primal_weight(last_restart_info, primal_weight, primal_weight_update_smoothing, py=False):
    primal_distance = last_restart_info.primal_distance_moved_last_restart_period
    dual_distance = last_restart_info.dual_distance_moved_last_restart_period
    if not py:
        new_primal_weight = jax.lax.cond(
            (primal_distance > jnp.finfo(float).eps)
            & (dual_distance > jnp.finfo(float).eps),
            lambda: jnp.exp(
                primal_weight_update_smoothing * jnp.log(dual_distance / primal_distance)
                + (1 - primal_weight_update_smoothing) * jnp.log(primal_weight)
            ),
            lambda: primal_weight,
        )
        return new_primal_weight
    # py=True: the lax.cond as if/else
    if (primal_distance > jnp.finfo(float).eps) & (dual_distance > jnp.finfo(float).eps):
        new_primal_weight = jnp.exp(
            primal_weight_update_smoothing * jnp.log(dual_distance / primal_distance)
            + (1 - primal_weight_update_smoothing) * jnp.log(primal_weight)
        )
    else:
        new_primal_weight = primal_weight
    return new_primal_weight


def perform_restart(solver_state, reset_to_average, last_restart_info, kkt_reduction_ratio, restart_params,
                    py=False):
    restart_length = solver_state.solutions_count
    averages = (
        solver_state.avg_primal_solution,
        solver_state.avg_dual_solution,
        solver_state.avg_primal_product,
        solver_state.avg_dual_product,
        solver_state.avg_primal_obj_product,
    )
    currents = (
        solver_state.current_primal_solution,
        solver_state.current_dual_solution,
        solver_state.current_primal_product,
        solver_state.current_dual_product,
        solver_state.current_primal_obj_product,
    )
    if not py:
        restarted = jax.lax.cond(reset_to_average, lambda: averages, lambda: currents)
    elif reset_to_average:  # py=True: the lax.cond as if/else
        restarted = averages
    else:
        restarted = currents
    (
        restarted_primal_solution,
        restarted_dual_solution,
        restarted_primal_product,
        restarted_dual_product,
        restarted_primal_obj_product,
    ) = restarted

    norm = weighted_norm_py if py else weighted_norm
    primal_norm_params = 1 / solver_state.step_size * solver_state.primal_weight
    dual_norm_params = 1 / solver_state.step_size / solver_state.primal_weight
    primal_distance_moved_last_restart_period = norm(
        solver_state.avg_primal_solution - last_restart_info.primal_solution,
        primal_norm_params,
    ) / jnp.sqrt(solver_state.primal_weight)
    dual_distance_moved_last_restart_period = norm(
        solver_state.avg_dual_solution - last_restart_info.dual_solution,
        dual_norm_params,
    ) * jnp.sqrt(solver_state.primal_weight)
    new_last_restart_info = RestartInfo(
        primal_solution=restarted_primal_solution,
        dual_solution=restarted_dual_solution,
        primal_product=restarted_primal_product,
        dual_product=restarted_dual_product,
        primal_diff=solver_state.delta_primal,
        dual_diff=solver_state.delta_dual,
        primal_diff_product=solver_state.delta_primal_product,
        last_restart_length=restart_length,
        primal_distance_moved_last_restart_period=primal_distance_moved_last_restart_period,
        dual_distance_moved_last_restart_period=dual_distance_moved_last_restart_period,
        reduction_ratio_last_trial=kkt_reduction_ratio,
        primal_obj_product=restarted_primal_obj_product,
    )
    new_primal_weight = compute_new_primal_weight(
        new_last_restart_info,
        solver_state.primal_weight,
        restart_params.primal_weight_update_smoothing,
        py=py,
    )

    # The initial point of the restart will not counted into the average.
    # The weight (step size) of the initial point is zero.
    restarted_solver_state = PdhgSolverState(
        current_primal_solution=restarted_primal_solution,
        current_dual_solution=restarted_dual_solution,
        current_primal_product=restarted_primal_product,
        current_dual_product=restarted_dual_product,
        current_primal_obj_product=restarted_primal_obj_product,
        avg_primal_solution=jnp.zeros_like(restarted_primal_solution),
        avg_dual_solution=jnp.zeros_like(restarted_dual_solution),
        avg_primal_product=jnp.zeros_like(restarted_dual_solution),
        avg_dual_product=jnp.zeros_like(restarted_primal_solution),
        avg_primal_obj_product=jnp.zeros_like(restarted_primal_solution),
        initial_primal_solution=restarted_primal_solution,
        initial_dual_solution=restarted_dual_solution,
        initial_primal_product=restarted_primal_product,
        initial_dual_product=restarted_dual_product,
        delta_primal=jnp.zeros_like(restarted_primal_solution),
        delta_dual=jnp.zeros_like(restarted_dual_solution),
        delta_primal_product=jnp.zeros_like(restarted_dual_solution),
        solutions_count=0,
        weights_sum=0.0,
        step_size=solver_state.step_size,
        primal_weight=new_primal_weight,
        numerical_error=solver_state.numerical_error,
        num_steps_tried=solver_state.num_steps_tried,
        num_iterations=solver_state.num_iterations,
        termination_status=solver_state.termination_status,
    )
    return restarted_solver_state, new_last_restart_info


def run_restart_scheme(problem, solver_state, last_restart_info, restart_params, norm_ord):
    do_restart, reset_to_average, kkt_reduction_ratio = jax.lax.cond(
        solver_state.solutions_count == 0,
        lambda: (False, False, last_restart_info.reduction_ratio_last_trial),
        lambda: restart_criteria_met_kkt(
            restart_params, problem, solver_state, last_restart_info, norm_ord
        ),
    )
    return jax.lax.cond(
        do_restart,
        lambda: perform_restart(
            solver_state,
            reset_to_average,
            last_restart_info,
            kkt_reduction_ratio,
            restart_params,
        ),
        lambda: (solver_state, last_restart_info),
    )


def run_restart_scheme_py(problem, solver_state, last_restart_info, restart_params, norm_ord):
    if solver_state.solutions_count == 0:
        do_restart, reset_to_average, kkt_reduction_ratio = (
            False, False, last_restart_info.reduction_ratio_last_trial)
    else:
        do_restart, reset_to_average, kkt_reduction_ratio = restart_criteria_met_kkt(
            restart_params, problem, solver_state, last_restart_info, norm_ord, py=True
        )
    if do_restart:
        return perform_restart(
            solver_state,
            reset_to_average,
            last_restart_info,
            kkt_reduction_ratio,
            restart_params,
            py=True,
        )
    else:
        return (solver_state, last_restart_info)


def select_initial_primal_weight(problem, primal_norm_params, dual_norm_params, primal_importance, py=False):
    norm = weighted_norm_py if py else weighted_norm
    rhs_vec_norm = norm(problem.right_hand_side, dual_norm_params)
    obj_vec_norm = norm(problem.objective_vector, primal_norm_params)
    if not py:
        primal_weight = jax.lax.cond(
            (obj_vec_norm > 0.0) & (rhs_vec_norm > 0.0),
            lambda x: x * (obj_vec_norm / rhs_vec_norm),
            lambda x: x,
            operand=primal_importance,
        )
        return primal_weight
    # py=True: the lax.cond as if/else
    if (obj_vec_norm > 0.0) & (rhs_vec_norm > 0.0):
        primal_weight = primal_importance * (obj_vec_norm / rhs_vec_norm)
    else:
        primal_weight = primal_importance
    return primal_weight


def _primal_weight_args():
    """Not library code: the LP, and one with no right-hand side (so its norm's lax.cond takes the zero branch)."""
    lp = _fields(_lp())
    return lp, dict(lp, right_hand_side=jnp.zeros(3)), jnp.float32(0.7)


def _both_primal_weights(problem, homogeneous, primal_importance, py):
    return tuple(select_initial_primal_weight(QuadraticProgrammingProblem(**p), 1.0, 2.0, primal_importance, py=py)
                 for p in (problem, homogeneous))


@program(twin=lambda p, h, w: _both_primal_weights(p, h, w, False), args=_primal_weight_args,
         vmap=(None, None, 0), grad=(2,), loss=lambda out: out[0] + 2 * out[1],
         source=MPAX.format("restart.py") + ", `select_initial_primal_weight` (weighted_norm: if all zero: 0.0 "
         "else the norm; if both norms are positive: scale the primal importance)")
def mpax_initial_primal_weight(problem, homogeneous, primal_importance):
    return _both_primal_weights(problem, homogeneous, primal_importance, True)


def _restart_args(steps=TERMINATION_EVALUATION_FREQUENCY):
    """Not library code: the LP's state after some steps, the last restart at the start (as ``raPDHG`` sets it)."""
    problem = _lp()
    start = _initial_state(problem)
    state = jax.jit(take_multiple_steps)(start, problem)
    info = RestartInfo(
        primal_solution=start.current_primal_solution, dual_solution=start.current_dual_solution,
        primal_product=start.current_primal_product, dual_product=start.current_dual_product,
        primal_diff=start.delta_primal, dual_diff=start.delta_dual, primal_diff_product=start.delta_primal_product,
        last_restart_length=jnp.int32(1), primal_distance_moved_last_restart_period=jnp.float32(0.0),
        dual_distance_moved_last_restart_period=jnp.float32(0.0), reduction_ratio_last_trial=jnp.float32(1.0),
        primal_obj_product=start.current_primal_obj_product)
    return _fields(problem), _fields(state), _fields(info)


_RESTART = RestartParameters(**RESTART_PARAMS)


@program(twin=lambda p, s, i: run_restart_scheme(QuadraticProgrammingProblem(**p), PdhgSolverState(**s),
                                                 RestartInfo(**i), _RESTART, jnp.inf), args=_restart_args,
         source=MPAX.format("restart.py") + ", `run_restart_scheme` (if no solutions: ... else the KKT criteria, "
         "ifs on the reduction ratio, the metric and is_lp; if do_restart: perform_restart, its weighted_norm and "
         "compute_new_primal_weight ifs)")
def mpax_restart_scheme(problem, solver_state, last_restart_info):
    problem, solver_state = QuadraticProgrammingProblem(**problem), PdhgSolverState(**solver_state)
    last_restart_info = RestartInfo(**last_restart_info)
    return run_restart_scheme_py(problem, solver_state, last_restart_info, _RESTART, jnp.inf)


# === Craftax ==========================================================================================================

PLANT, RIPE_PLANT = 15, 16  # BlockType.PLANT.value, BlockType.RIPE_PLANT.value
SLEEP = 6  # Action.SLEEP.value
WAKE_UP = 15  # Achievement.WAKE_UP.value
MAX_GROWING_PLANTS = 6  # not library code: static_params.max_growing_plants (the default is 10)


@pytree_node
class EnvState:
    map: jax.Array
    player_health: jax.Array
    player_food: jax.Array
    player_drink: jax.Array
    player_energy: jax.Array
    is_sleeping: jax.Array
    player_recover: jax.Array
    player_hunger: jax.Array
    player_thirst: jax.Array
    player_fatigue: jax.Array
    growing_plants_positions: jax.Array
    growing_plants_age: jax.Array
    growing_plants_mask: jax.Array
    achievements: jax.Array


def _env_state():
    """Not library code: a 6 x 4 map region, six plant slots (two of them ripe this step, one empty)."""
    return dict(  # EnvState's fields (autograph.function takes dicts, not classes)
        map=jnp.array([[2, 15, 2, 4], [2, 2, 15, 4], [15, 2, 2, 15], [2, 2, 15, 2], [3, 3, 2, 2], [2, 2, 2, 2]],
                      jnp.int32),
        player_health=jnp.int32(7), player_food=jnp.int32(5), player_drink=jnp.int32(3), player_energy=jnp.int32(8),
        is_sleeping=jnp.bool_(False), player_recover=jnp.float32(24.5), player_hunger=jnp.float32(24.5),
        player_thirst=jnp.float32(12.0), player_fatigue=jnp.float32(30.0),
        growing_plants_positions=jnp.array([[0, 1], [1, 2], [2, 0], [2, 3], [3, 2], [0, 0]], jnp.int32),
        growing_plants_age=jnp.array([599, 100, 650, 0, 599, 0], jnp.int32),
        growing_plants_mask=jnp.array([True, True, True, False, True, False]),
        achievements=jnp.zeros(22, bool))


# --- game_logic.py: update_player_intrinsics -------------------------------------------------------------------------

def update_player_intrinsics(state, action):
    # Start sleeping?
    is_starting_sleep = jnp.logical_and(
        action == SLEEP, state.player_energy < 9
    )
    new_is_sleeping = jnp.logical_or(state.is_sleeping, is_starting_sleep)
    state = state.replace(is_sleeping=new_is_sleeping)

    # Wake up?
    is_waking_up = jnp.logical_and(state.player_energy >= 9, state.is_sleeping)
    new_is_sleeping = jnp.logical_and(state.is_sleeping, jnp.logical_not(is_waking_up))
    state = state.replace(
        is_sleeping=new_is_sleeping,
        achievements=state.achievements.at[WAKE_UP].set(
            jnp.logical_or(state.achievements[WAKE_UP], is_waking_up)
        ),
    )

    # Hunger
    hunger_add = jax.lax.select(state.is_sleeping, 0.5, 1.0)
    new_hunger = state.player_hunger + hunger_add

    hungered_food = jnp.maximum(state.player_food - 1, 0)
    new_food = jax.lax.select(new_hunger > 25, hungered_food, state.player_food)
    new_hunger = jax.lax.select(new_hunger > 25, 0.0, new_hunger)

    state = state.replace(
        player_hunger=new_hunger,
        player_food=new_food,
    )

    # Thirst
    thirst_add = jax.lax.select(state.is_sleeping, 0.5, 1.0)
    new_thirst = state.player_thirst + thirst_add
    thirsted_drink = jnp.maximum(state.player_drink - 1, 0)
    new_drink = jax.lax.select(new_thirst > 20, thirsted_drink, state.player_drink)
    new_thirst = jax.lax.select(new_thirst > 20, 0.0, new_thirst)

    state = state.replace(
        player_thirst=new_thirst,
        player_drink=new_drink,
    )

    # Fatigue
    new_fatigue = jax.lax.select(
        state.is_sleeping,
        jnp.minimum(state.player_fatigue - 1, 0),
        state.player_fatigue + 1,
    )

    new_energy = jax.lax.select(
        new_fatigue > 30, jnp.maximum(state.player_energy - 1, 0), state.player_energy
    )
    new_fatigue = jax.lax.select(new_fatigue > 30, 0.0, new_fatigue)

    new_energy = jax.lax.select(
        new_fatigue < -10, jnp.minimum(state.player_energy + 1, 9), new_energy
    )
    new_fatigue = jax.lax.select(new_fatigue < -10, 0.0, new_fatigue)

    state = state.replace(
        player_fatigue=new_fatigue,
        player_energy=new_energy,
    )

    # Health
    necessities = jnp.array(
        [
            state.player_food > 0,
            state.player_drink > 0,
            jnp.logical_or(state.player_energy > 0, state.is_sleeping),
        ],
        dtype=bool,
    )

    all_necessities = necessities.all()
    recover_all = jax.lax.select(state.is_sleeping, 2.0, 1.0)
    recover_not_all = jax.lax.select(state.is_sleeping, -0.5, -1.0)
    recover_add = jax.lax.select(all_necessities, recover_all, recover_not_all)

    new_recover = state.player_recover + recover_add

    recovered_health = jnp.minimum(state.player_health + 1, 9)
    derecovered_health = state.player_health - 1

    new_health = jax.lax.select(new_recover > 25, recovered_health, state.player_health)
    new_recover = jax.lax.select(new_recover > 25, 0.0, new_recover)
    new_health = jax.lax.select(new_recover < -15, derecovered_health, new_health)
    new_recover = jax.lax.select(new_recover < -15, 0.0, new_recover)

    state = state.replace(
        player_recover=new_recover,
        player_health=new_health,
    )

    return state


def update_player_intrinsics_py(state, action):
    """update_player_intrinsics with each lax.select as if/else (the selects on one test under one if)."""
    # Start sleeping?
    is_starting_sleep = jnp.logical_and(
        action == SLEEP, state.player_energy < 9
    )
    new_is_sleeping = jnp.logical_or(state.is_sleeping, is_starting_sleep)
    state = state.replace(is_sleeping=new_is_sleeping)

    # Wake up?
    is_waking_up = jnp.logical_and(state.player_energy >= 9, state.is_sleeping)
    new_is_sleeping = jnp.logical_and(state.is_sleeping, jnp.logical_not(is_waking_up))
    state = state.replace(
        is_sleeping=new_is_sleeping,
        achievements=state.achievements.at[WAKE_UP].set(
            jnp.logical_or(state.achievements[WAKE_UP], is_waking_up)
        ),
    )

    # Hunger
    if state.is_sleeping:
        hunger_add = 0.5
    else:
        hunger_add = 1.0
    new_hunger = state.player_hunger + hunger_add

    hungered_food = jnp.maximum(state.player_food - 1, 0)
    if new_hunger > 25:
        new_food = hungered_food
        new_hunger = 0.0
    else:
        new_food = state.player_food

    state = state.replace(
        player_hunger=new_hunger,
        player_food=new_food,
    )

    # Thirst
    if state.is_sleeping:
        thirst_add = 0.5
    else:
        thirst_add = 1.0
    new_thirst = state.player_thirst + thirst_add
    thirsted_drink = jnp.maximum(state.player_drink - 1, 0)
    if new_thirst > 20:
        new_drink = thirsted_drink
        new_thirst = 0.0
    else:
        new_drink = state.player_drink

    state = state.replace(
        player_thirst=new_thirst,
        player_drink=new_drink,
    )

    # Fatigue
    if state.is_sleeping:
        new_fatigue = jnp.minimum(state.player_fatigue - 1, 0)
    else:
        new_fatigue = state.player_fatigue + 1

    if new_fatigue > 30:
        new_energy = jnp.maximum(state.player_energy - 1, 0)
        new_fatigue = 0.0
    else:
        new_energy = state.player_energy

    if new_fatigue < -10:
        new_energy = jnp.minimum(state.player_energy + 1, 9)
        new_fatigue = 0.0

    state = state.replace(
        player_fatigue=new_fatigue,
        player_energy=new_energy,
    )

    # Health
    necessities = jnp.array(
        [
            state.player_food > 0,
            state.player_drink > 0,
            jnp.logical_or(state.player_energy > 0, state.is_sleeping),
        ],
        dtype=bool,
    )

    all_necessities = necessities.all()
    if all_necessities:
        if state.is_sleeping:
            recover_add = 2.0
        else:
            recover_add = 1.0
    else:
        if state.is_sleeping:
            recover_add = -0.5
        else:
            recover_add = -1.0

    new_recover = state.player_recover + recover_add

    recovered_health = jnp.minimum(state.player_health + 1, 9)
    derecovered_health = state.player_health - 1

    if new_recover > 25:
        new_health = recovered_health
        new_recover = 0.0
    else:
        new_health = state.player_health
    if new_recover < -15:
        new_health = derecovered_health
        new_recover = 0.0

    state = state.replace(
        player_recover=new_recover,
        player_health=new_health,
    )

    return state


@program(twin=lambda s, a: update_player_intrinsics(EnvState(**s), a), args=lambda: (_env_state(), jnp.int32(SLEEP)),
         vmap=(None, 0),
         source=CRAFTAX.format("game_logic.py") + ", `update_player_intrinsics` (each lax.select on sleep, hunger, "
         "thirst, fatigue and health as if/else)")
def craftax_update_player_intrinsics(state, action):
    return update_player_intrinsics_py(EnvState(**state), action)


# --- game_logic.py: update_plants, add_new_growing_plant --------------------------------------------------------------

def update_plants(state, loop="lax"):
    growing_plants_age = state.growing_plants_age + 1
    growing_plants_age *= state.growing_plants_mask

    finished_growing_plants = growing_plants_age >= 600

    new_plant_blocks = jnp.where(
        finished_growing_plants,
        RIPE_PLANT,
        PLANT,
    )

    def _set_plant_block(map, plant_index):
        new_block = jax.lax.select(
            finished_growing_plants[plant_index],
            new_plant_blocks[plant_index],
            map[
                state.growing_plants_positions[plant_index][0],
                state.growing_plants_positions[plant_index][1],
            ],
        )
        map = map.at[
            state.growing_plants_positions[plant_index][0],
            state.growing_plants_positions[plant_index][1],
        ].set(new_block)
        return map, None

    if loop == "lax":
        new_map, _ = jax.lax.scan(
            _set_plant_block, state.map, jnp.arange(MAX_GROWING_PLANTS)
        )
    else:  # loop="python": the scan as a for carrying the map, the lax.select as if/else
        map = state.map
        for plant_index in range(MAX_GROWING_PLANTS):
            if finished_growing_plants[plant_index]:
                new_block = new_plant_blocks[plant_index]
            else:
                new_block = map[
                    state.growing_plants_positions[plant_index][0],
                    state.growing_plants_positions[plant_index][1],
                ]
            map = map.at[
                state.growing_plants_positions[plant_index][0],
                state.growing_plants_positions[plant_index][1],
            ].set(new_block)
        new_map = map

    state = state.replace(
        map=new_map,
        growing_plants_age=growing_plants_age,
    )

    return state


@program(twin=lambda s: update_plants(EnvState(**s)), args=lambda: (_env_state(),),
         source=CRAFTAX.format("game_logic.py") + ", `update_plants` (a for over the plant slots carrying the map, "
         "if the plant has ripened: its new block else the map's)")
def craftax_update_plants(state):
    return update_plants(EnvState(**state), loop="python")


def add_new_growing_plant(state, position, is_placing_sapling, loop="lax"):
    def _is_empty(unused, index):
        return None, jnp.logical_not(state.growing_plants_mask[index])

    if loop == "lax":
        _, is_empty = jax.lax.scan(
            _is_empty, None, jnp.arange(MAX_GROWING_PLANTS)
        )
    else:  # loop="python": the scan as a for appending its outputs, stacked
        is_empty = []
        for index in range(MAX_GROWING_PLANTS):
            is_empty.append(jnp.logical_not(state.growing_plants_mask[index]))
        is_empty = jnp.stack(is_empty)

    plant_index = jnp.argmax(is_empty)
    is_an_empty_slot = is_empty.sum() > 0

    is_adding_plant = jnp.logical_and(is_an_empty_slot, is_placing_sapling)

    if loop == "lax":
        new_growing_plants_positions = jax.lax.select(
            is_adding_plant,
            state.growing_plants_positions.at[plant_index].set(position),
            state.growing_plants_positions,
        )
        new_growing_plants_age = jax.lax.select(
            is_adding_plant,
            state.growing_plants_age.at[plant_index].set(0),
            state.growing_plants_age,
        )
        new_growing_plants_mask = jax.lax.select(
            is_adding_plant,
            state.growing_plants_mask.at[plant_index].set(True),
            state.growing_plants_mask,
        )
    else:  # loop="python": the three lax.selects on one test as one if/else
        if is_adding_plant:
            new_growing_plants_positions = state.growing_plants_positions.at[plant_index].set(position)
            new_growing_plants_age = state.growing_plants_age.at[plant_index].set(0)
            new_growing_plants_mask = state.growing_plants_mask.at[plant_index].set(True)
        else:
            new_growing_plants_positions = state.growing_plants_positions
            new_growing_plants_age = state.growing_plants_age
            new_growing_plants_mask = state.growing_plants_mask

    return new_growing_plants_positions, new_growing_plants_age, new_growing_plants_mask


@program(twin=lambda s, p, b: add_new_growing_plant(EnvState(**s), p, b),
         args=lambda: (_env_state(), jnp.array([4, 3], jnp.int32), jnp.bool_(True)), vmap=(None, 0, None),
         source=CRAFTAX.format("game_logic.py") + ", `add_new_growing_plant` (a for over the slots appending "
         "whether each is empty, then if a sapling is placed in an empty slot: set it)")
def craftax_add_new_growing_plant(state, position, is_placing_sapling):
    return add_new_growing_plant(EnvState(**state), position, is_placing_sapling, loop="python")


# === big_vision =======================================================================================================

# --- utils.py: accumulate_gradient ------------------------------------------------------------------------------------

def accumulate_gradient(loss_and_grad_fn, params, images, labels, accum_steps, loop="lax"):
    """Accumulate gradient over multiple steps to save on memory."""
    # See (internal link) for details and experiments.
    if accum_steps and accum_steps > 1:
        assert images.shape[0] % accum_steps == 0, (
            f"Bad accum_steps {accum_steps} for batch size {images.shape[0]}")
        step_size = images.shape[0] // accum_steps
        l, g = loss_and_grad_fn(params, images[:step_size], labels[:step_size])  # noqa: E741 (the library's names)

        def acc_grad_and_loss(i, l_and_g):
            imgs = jax.lax.dynamic_slice(images, (i*step_size, 0, 0, 0),
                                         (step_size,) + images.shape[1:])
            lbls = jax.lax.dynamic_slice(labels, (i*step_size, 0),
                                         (step_size, labels.shape[1]))
            li, gi = loss_and_grad_fn(params, imgs, lbls)
            l, g = l_and_g  # noqa: E741 (the library's names)
            return (l + li, jax.tree.map(lambda x, y: x + y, g, gi))
        if loop == "lax":
            l, g = jax.lax.fori_loop(1, accum_steps, acc_grad_and_loss, (l, g))  # noqa: E741 (the library's names)
        else:  # loop="python": the fori_loop as a for running the body's statements
            for i in range(1, accum_steps):
                imgs = jax.lax.dynamic_slice(images, (i*step_size, 0, 0, 0),
                                             (step_size,) + images.shape[1:])
                lbls = jax.lax.dynamic_slice(labels, (i*step_size, 0),
                                             (step_size, labels.shape[1]))
                li, gi = loss_and_grad_fn(params, imgs, lbls)
                l, g = (l + li, jax.tree.map(lambda x, y: x + y, g, gi))  # noqa: E741 (the library's names)
        return jax.tree.map(lambda x: x / accum_steps, (l, g))
    else:
        return loss_and_grad_fn(params, images, labels)


def _softmax_xent_loss(params, images, labels):
    """Not library code: a linear softmax classifier's loss (big_vision's softmax_xent, reduction mean)."""
    logits = images.reshape(images.shape[0], -1) @ params["w"] + params["b"]
    return -jnp.mean(jnp.sum(labels * jax.nn.log_softmax(logits), axis=-1))


_loss_and_grad = jax.value_and_grad(_softmax_xent_loss)


def _accumulate_args():
    images = jnp.sin(jnp.arange(32.0).reshape(8, 2, 2, 1) * 0.37)
    labels = jax.nn.one_hot(jnp.arange(8) % 3, 3)
    params = {"w": 0.1 * jnp.cos(jnp.arange(12.0).reshape(4, 3)), "b": jnp.array([0.1, -0.2, 0.05])}
    return params, images, labels


@program(twin=lambda p, x, y: accumulate_gradient(_loss_and_grad, p, x, y, 4), args=_accumulate_args,
         grad=(0,), loss=lambda out: out[0] + jnp.sum(out[1]["w"] ** 2), vmap=(None, 0, 0),
         source=BIG_VISION.format("utils.py") + ", `accumulate_gradient` (for i in range(1, accum_steps) over "
         "micro-batches cut by lax.dynamic_slice at i * step_size)")
def big_vision_accumulate_gradient(params, images, labels):
    return accumulate_gradient(_loss_and_grad, params, images, labels, 4, loop="python")


# --- models/proj/uvim/decode.py: temperature sampling ---------------------------------------------------------------

EOS_ID = 1
NEG_INF = np.array(-1.0e7)  # Effective negative infinity.


def expand_samples_dim(x, num_samples):
    """Creates new dimension in non-scalar array and tiles into it."""
    if x.ndim == 0:  # ignore scalars (e.g. cache index)
        return x
    x = jnp.expand_dims(x, axis=1)
    tile_dims = [1] * x.ndim
    tile_dims[1] = num_samples
    return jnp.tile(x, tile_dims)


def flatten_samples_dim(x):
    """Flattens samples dim into batch dim."""
    if x.ndim == 0:  # ignore scalars (e.g. cache index)
        return x
    return x.reshape((x.shape[0] * x.shape[1],) + x.shape[2:])


def expand_samples_dim_and_flatten(x, num_samples):
    """Expands the each batch item by num_samples in batch dimension."""
    return flatten_samples_dim(expand_samples_dim(x, num_samples))


def cache_map(fn, cache):
    """Maps function over caches (adapted: flax's flatten_dict as jax.tree.map; there is no cached_bias)."""
    return jax.tree.map(fn, cache)


@pytree_node
class LoopState:
    """Internal state of the temperature sampling loop."""
    # Position in the sequence that we are currently looking at.
    cur_index: int
    # Cache for fast auto-regressive decoding.
    cache: dict
    # Flags indicating whether the sequence reached eos [B*N].
    flags_finished: jax.Array
    # Sequences being generated [B*N, L+1]. Note: sequences start with 0 token.
    sequences: jax.Array
    scores: jax.Array  # Total sequence scores per batch element [B*N].
    logprobs: jax.Array  # Logprobs of selected tokens [B*N, L].
    rng: jax.Array  # PRNGKey of the loop state.


def _init_state(prompts, cache, init_rng_key, num_samples):
    batch_size, max_decode_len_plus_one = prompts.shape
    # Add extra samples dim to attention cache pytree elements.
    cache = cache_map(
        lambda x: expand_samples_dim_and_flatten(x, num_samples), cache)
    return LoopState(
        cur_index=0,
        cache=cache,
        flags_finished=jnp.zeros((batch_size*num_samples), dtype=jnp.bool_),
        sequences=expand_samples_dim_and_flatten(prompts, num_samples),
        scores=jnp.zeros((batch_size*num_samples)),  # noqa: UP034 (the library's code)
        logprobs=jnp.zeros((batch_size*num_samples, max_decode_len_plus_one-1)),
        rng=init_rng_key)


def _should_temperature_sampling_continue(state, max_decode_len):
    """Check if we should continue or not."""

    max_length_not_reached = state.cur_index < max_decode_len - 1
    all_seqs_finished = jnp.all(state.flags_finished)
    return max_length_not_reached & (~all_seqs_finished)


def _temperature_sampling_iteration(state, tokens_to_logits, temperature, eos,
                                    top_k, top_p, mask_token_ids=()):
    """Temperature sampling step function."""

    rng_sampling, rng = jax.random.split(state.rng)

    # 1. Use the model to generate a distribution over the vocabulary (for the
    # next token) and sample from it, optionally applying the temperature.
    # --> [B,].
    cur_tokens = state.sequences[:, state.cur_index]
    logits, new_cache = tokens_to_logits(cur_tokens[:, None], state.cache)
    assert logits.ndim == 2, ("tokens_to_logits expected to return a"
                              f"2-dimensional array [B, V], got {logits.ndim}"
                              "dimensions.")
    logprobs = jax.nn.log_softmax(logits)

    # Do not sample special tokens in with ids in mask_token_ids.
    if mask_token_ids:
        probs = jax.nn.softmax(logits)
        for i in mask_token_ids:
            probs = probs.at[:, i].set(0.)
        probs = probs / jnp.sum(probs, -1, keepdims=True)
        logits = jnp.log(probs)

    if top_p:  # Nucleus sampling.
        logits_sorted = jnp.sort(logits, axis=-1)[:, ::-1]
        sorted_cum_probs = jnp.cumsum(
            jax.nn.softmax(logits_sorted, axis=-1), axis=-1)
        cutoff_index = jnp.sum(sorted_cum_probs < top_p, axis=-1, keepdims=True)
        cutoff_logit = jnp.take_along_axis(logits_sorted, cutoff_index, axis=-1)
        logits = jnp.where(logits < cutoff_logit,
                           jnp.full_like(logits, NEG_INF), logits)
    if top_k:
        topk_logits, topk_indices = jax.lax.top_k(logits, top_k)
        topk_token = jax.random.categorical(rng_sampling, topk_logits / temperature)
        sampled_tokens = jnp.squeeze(
            jnp.take_along_axis(topk_indices, jnp.expand_dims(topk_token, -1),
                                axis=-1), axis=-1)
    else:
        sampled_tokens = jax.random.categorical(rng_sampling, logits / temperature)

    sampled_logprobs = jnp.squeeze(jnp.take_along_axis(
        logprobs, jnp.expand_dims(sampled_tokens, axis=1), axis=-1), axis=-1)

    # 2. Use the sampled tokens to update the sequences that did not finish yet,
    # but only if they are out of prompt.
    next_tokens = state.sequences[:, state.cur_index + 1]
    next_logprobs = jnp.squeeze(jnp.take_along_axis(
        logprobs, jnp.expand_dims(next_tokens, axis=1), axis=-1), axis=-1)
    out_of_prompt = next_tokens == 0
    update_pos = out_of_prompt * (~state.flags_finished)
    next_tokens = sampled_tokens * update_pos + next_tokens * (~update_pos)
    sampled_logprobs = update_pos*sampled_logprobs + ~update_pos*next_logprobs
    sequences = state.sequences.at[:, state.cur_index + 1].set(next_tokens)
    scores = state.scores + sampled_logprobs
    seqs_logprobs = state.logprobs.at[:, state.cur_index].set(sampled_logprobs)

    # 3. Update the finished flags. Only out of prompts seqs can finish.
    flags_finished = out_of_prompt & (state.flags_finished |
                                      (sampled_tokens == eos))
    return LoopState(
        cur_index=state.cur_index+1,
        cache=new_cache,
        flags_finished=flags_finished,
        sequences=sequences,
        scores=scores,
        logprobs=seqs_logprobs,
        rng=rng)


def _temperature_sampling(prompts, cache, tokens_to_logits, num_samples=1,
                          eos_token=EOS_ID, max_decode_len=None,
                          seed=0, temperature=1., top_k=0, top_p=0.0,
                          mask_token_ids=(), loop="lax"):
    if top_k > 0 and top_p > 0.0:
        raise ValueError(f"Cannot use both top_k {top_k} and top_p {top_p}.")
    if max_decode_len is None:
        max_decode_len = prompts.shape[1]
    # We will start generating sequences from 0 token.
    prompts = jnp.pad(prompts, ((0, 0), (1, 0)))
    eos = jnp.array(eos_token)
    if isinstance(seed, int):
        seed = jax.random.PRNGKey(seed)

    # Initialize the state.
    loop_init_state = _init_state(prompts, cache, seed, num_samples)
    should_temperature_sampling_continue_fn = functools.partial(
        _should_temperature_sampling_continue,
        max_decode_len=max_decode_len+1)  # Account for prompt padding with 0's.
    temperature_sampling_iteration_fn = functools.partial(
        _temperature_sampling_iteration,
        tokens_to_logits=tokens_to_logits,
        temperature=temperature, top_k=top_k, top_p=top_p,
        eos=eos, mask_token_ids=mask_token_ids)

    # Run the temperature sampling and generate the sequences.
    if loop == "lax":
        final_state = lax.while_loop(
            should_temperature_sampling_continue_fn,
            temperature_sampling_iteration_fn,
            loop_init_state)
    else:  # loop="python": the while_loop as while
        final_state = loop_init_state
        while should_temperature_sampling_continue_fn(final_state):
            final_state = temperature_sampling_iteration_fn(final_state)

    # Return the generated sequences, discarding the 0 token in the beginning.
    return (
        final_state.sequences[:, 1:].reshape((-1, num_samples, max_decode_len)),
        final_state.scores.reshape((-1, num_samples)),
        final_state.logprobs.reshape((-1, num_samples, max_decode_len)))


def _bigram_decoder(table):
    """Not library code: next-token logits from a bigram table, cooled by a step-counting cache."""
    def tokens_to_logits(tokens, cache):
        steps = cache["decoder"]["steps"]
        logits = table[tokens[:, 0]] * (1.0 + 0.25 * steps[:, None])
        return logits, {"decoder": {"steps": steps + 1.0}}
    return tokens_to_logits


def _sampling_args():
    prompts = jnp.array([[3, 2, 0, 0, 0, 0], [4, 0, 0, 0, 0, 0]], jnp.int32)
    table = jnp.cos(jnp.arange(36.0).reshape(6, 6) * 1.3) * 2.0
    table = table.at[:, 1].add(0.5)  # eos is likely
    return prompts, table


def _sampling(prompts, table, loop):
    cache = {"decoder": {"steps": jnp.zeros(prompts.shape[0])}}
    return _temperature_sampling(prompts, cache, _bigram_decoder(table), num_samples=2, top_k=3, loop=loop)


@program(twin=lambda p, t: _sampling(p, t, "lax"), args=_sampling_args, vmap=(None, 0),
         source=BIG_VISION.format("models/proj/uvim/decode.py") + ", `_temperature_sampling` (while the length is "
         "not reached and not every sequence has ended: sample the top k, keeping prompt tokens)")
def big_vision_temperature_sampling(prompts, table):
    return _sampling(prompts, table, "python")


# --- models/proj/uvim/vit.py: quantize, the dictionary update in Model.encode -----------------------------------------

PERTURB = 0.001


@functools.partial(jax.vmap, in_axes=(0, None), out_axes=(0, 0))
@functools.partial(jax.vmap, in_axes=(0, None), out_axes=(0, 0))
def quantize(x, e):
    dist = jnp.sum(x * x)[None] - 2 * x.dot(e.T) + jnp.sum(e * e, axis=1)
    idx = jnp.argmin(dist)
    x_q = jax.lax.stop_gradient(e[idx] - x) + x  # just `e[idx]` for the fwd pass.
    return x_q, idx


def split_the_most_frequent_embedding(state):
    """Splits most frequent embedding into two and eliminates least frequent.

    Args:
      state: a dict. that contains current jax rng, embeddings and their counts.

    Returns:
      New dict. with the updated jax rng, embeddings and counts.
    """
    rng, e, c = state["rng"], state["dictionary"], state["counts"]
    rng, rng_local = jax.random.split(rng)

    i_max = jnp.argmax(c)
    i_min = jnp.argmin(c)

    e = e.at[i_min].set(
        e[i_max] * jax.random.uniform(rng_local, (e.shape[1],), jnp.float32,
                                      1.0-PERTURB, 1.0+PERTURB))

    c = c.at[i_min].set(c[i_max] / 2.0)
    c = c.at[i_max].set(c[i_max] / 2.0)

    e = e.at[i_min].set(e[i_min] / 2.0)
    e = e.at[i_max].set(e[i_max] / 2.0)

    return {"rng": rng, "dictionary": e, "counts": c}


def get_codewords(dictionary, counts):
    e = dictionary / counts[:, None]
    e = e / jnp.linalg.norm(e, axis=-1, keepdims=True)
    return e


def vqvae_dictionary_update(dictionary, counts, x, rng, dict_size=8, dict_momentum=0.995, min_count=0.1,
                            loop="lax"):
    """Model.encode's quantisation and its train=True, update_dict=True branch; the module's state variables
    (self.dictionary.value, self.counts.value) and self.make_rng("vqvae") are arguments, and it returns them."""
    x = jax.nn.standardize(x, axis=-1)
    x_pre_q = x
    e = get_codewords(dictionary, counts)
    x, idx = quantize(x, e)

    # Compute counts and sum(x) of code in the global batch.
    counts_batch = jnp.zeros(dict_size, dtype=jnp.int32)
    counts_batch = counts_batch.at[idx].add(1)
    x_sum = jnp.zeros_like(dictionary)
    x_sum = x_sum.at[idx].add(jax.lax.stop_gradient(x_pre_q))

    counts = counts * dict_momentum + counts_batch
    dictionary = (dictionary * dict_momentum + x_sum)

    state = {"dictionary": dictionary,
             "counts": counts,
             "rng": rng}
    if loop == "lax":
        new_state = jax.lax.while_loop(
            lambda state: jnp.any(state["counts"] < min_count),
            split_the_most_frequent_embedding,
            state)
    else:  # loop="python": the while_loop as while, its test inline
        new_state = state
        while jnp.any(new_state["counts"] < min_count):
            new_state = split_the_most_frequent_embedding(new_state)
    return x, idx, new_state["counts"], new_state["dictionary"]


def _vqvae_args():
    """Not library code: 8 codewords of dimension 3, half of them nearly unused, and 2 x 5 tokens to quantise."""
    dictionary = jnp.cos(jnp.arange(24.0).reshape(8, 3) * 0.9)
    counts = jnp.array([3.0, 0.02, 1.5, 0.001, 0.5, 0.05, 2.0, 0.08])
    x = jnp.sin(jnp.arange(30.0).reshape(2, 5, 3) * 0.55)
    return dictionary, counts, x, jax.random.PRNGKey(3)


@program(twin=lambda d, c, x, r: vqvae_dictionary_update(d, c, x, r), args=_vqvae_args, vmap=(None, 0, None, None),
         source=BIG_VISION.format("models/proj/uvim/vit.py") + ", `Model.encode`'s dictionary learning (while any "
         "count is under min_count: `split_the_most_frequent_embedding`) after `quantize`")
def big_vision_vqvae_dictionary_update(dictionary, counts, x, rng):
    return vqvae_dictionary_update(dictionary, counts, x, rng, loop="python")
